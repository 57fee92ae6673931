/**
 * The one place a full accessibility context is made: the style/role/name caches of style-cache.ts
 * plus names.ts's name lookup, which roles.ts reaches through the context rather than an import
 * (role and name depend on each other; see NameLookup). Imports names.ts; roles.ts and names.ts do
 * not import this module, so there is no cycle.
 */
import { NAME_LOOKUP } from './names';
import { createStyleContext, type AxContext } from './style-cache';

export type { AxContext } from './style-cache';

export function createAxContext(doc: Document): AxContext {
  return createStyleContext(doc, NAME_LOOKUP);
}

/** A context for a call made without one (correct, but caches nothing across calls). */
export function resolveContext(el: Element, ctx?: AxContext): AxContext {
  return ctx ?? createAxContext(el.ownerDocument);
}
