import { actionProxies } from './actions-proxy';
import { findHandler, targetPlaceHandler, textSearchHandler } from './find';
import { elementBoxHandler } from './element-box';
import { frameHitTestHandler } from './frame-hit-test';
import { gateFactsHandler } from './gate-facts';
import { frameInfoHandler, frameStateHandler } from './frame-state';
import { highlightHandler } from './highlight';
import { pageInfoHandler } from './page-info';
import { readHandlers } from './reads';
import { shadowBindHandler, shadowHostsHandler } from './shadow';
import { treeHandler } from './tree';
import type { ContentHandler } from './types';
import { watchRegionsHandler } from './watch-regions';

// One line per page tool; the service worker's registry owns schemas and gating, this table only routes.
const handlers: readonly ContentHandler[] = [
  pageInfoHandler,
  treeHandler,
  highlightHandler,
  elementBoxHandler,
  ...actionProxies,
  frameInfoHandler,
  frameStateHandler,
  frameHitTestHandler,
  gateFactsHandler,
  shadowHostsHandler,
  shadowBindHandler,
  findHandler,
  textSearchHandler,
  targetPlaceHandler,
  ...readHandlers,
  watchRegionsHandler,
];

export const handlerTable: ReadonlyMap<string, ContentHandler> = new Map(handlers.map((h) => [h.name, h]));
