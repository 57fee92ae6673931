import { highlightHandler } from './highlight';
import { pageInfoHandler } from './page-info';
import { treeHandler } from './tree';
import type { ContentHandler } from './types';

// One line per page tool; the service worker's registry owns schemas and gating, this table only routes.
const handlers: readonly ContentHandler[] = [pageInfoHandler, treeHandler, highlightHandler];

export const handlerTable: ReadonlyMap<string, ContentHandler> = new Map(handlers.map((h) => [h.name, h]));
