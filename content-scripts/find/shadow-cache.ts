/**
 * Shadow roots for the find pre-passes. Reading a closed root costs an extension API call
 * (chrome.dom.openOrClosedShadowRoot) per element; DOM §4.2.14 attachShadow() allows a shadow
 * root only on custom elements and a short list of HTML elements, so only those are asked, and
 * the roots found are remembered for the walk that follows (it asks about the same elements).
 */
import { mayHostShadow } from '../ax/flat-tree';

export type ShadowReader = (el: Element) => ShadowRoot | null;

export interface ShadowCache {
  /** Reads (and remembers) the root of `el`, asking the hook only for elements that can host one. */
  read: ShadowReader;
  /** Every root found so far, by host. */
  known: Map<Element, ShadowRoot>;
}

export function shadowCache(hook: ShadowReader | undefined): ShadowCache {
  const known = new Map<Element, ShadowRoot>();
  return {
    known,
    read(el) {
      if (!mayHostShadow(el)) return null;
      const root = hook ? hook(el) : el.shadowRoot;
      if (root) known.set(el, root);
      return root;
    },
  };
}

/** A reader over what a pre-pass already found (open roots it did not visit are still read). */
export function knownRoots(known: ReadonlyMap<Element, ShadowRoot>): ShadowReader {
  return (el) => known.get(el) ?? el.shadowRoot;
}
