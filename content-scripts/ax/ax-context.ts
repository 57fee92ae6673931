/**
 * The one place a full accessibility context is made: the style/role/name caches of style-cache.ts
 * plus names.ts's name lookup, which roles.ts reaches through the context rather than an import
 * (role and name depend on each other; see NameLookup). Imports names.ts; roles.ts and names.ts do
 * not import this module, so there is no cycle.
 */
import { NAME_LOOKUP } from './names';
import { createStyleContext, type AxContext } from './style-cache';
import type { ShadowReader } from './pseudo-rules';

export type { AxContext } from './style-cache';

/** `readShadow`: the walker's reader of closed shadow roots, when it has one (pseudo-rules.ts). */
export function createAxContext(doc: Document, readShadow?: ShadowReader): AxContext {
  return createStyleContext(doc, NAME_LOOKUP, readShadow);
}

/** A context for a call made without one (correct, but caches nothing across calls). */
export function resolveContext(el: Element, ctx?: AxContext): AxContext {
  return ctx ?? createAxContext(el.ownerDocument);
}
