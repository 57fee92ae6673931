/**
 * aria-owns relocation (WAI-ARIA 1.2 §6.6 aria-owns, with w3c/aria#1839): an owner that is
 * excluded from the accessibility tree, or a target hidden from all users, does not relocate.
 */
import { idRefs } from './flat-tree';
import { resolveContext, type AxContext } from './style-cache';
import { hiddenFromAllUsers, isHiddenFromAx } from './visibility';

const KEY = 'aria-owns';

function ownerMap(c: AxContext): Map<Element, Element> {
  const hit = c.memo.get(KEY);
  if (hit instanceof Map) return hit;
  const owners = new Map<Element, Element>();
  for (const owner of Array.from(c.doc.querySelectorAll('[aria-owns]'))) {
    if (isHiddenFromAx(owner, c)) continue;
    for (const target of idRefs(owner, 'aria-owns')) {
      // First claim wins: an element has one owner; an ancestor cannot be owned (no cycles).
      if (target === owner || owners.has(target) || target.contains(owner)) continue;
      if (hiddenFromAllUsers(target, c)) continue;
      owners.set(target, owner);
    }
  }
  c.memo.set(KEY, owners);
  return owners;
}

/** The element whose aria-owns relocates this one, or null. */
export function ownerOf(el: Element, ctx?: AxContext): Element | null {
  return ownerMap(resolveContext(el, ctx)).get(el) ?? null;
}

/** Elements this one relocates under itself, in aria-owns order. */
export function ownedElements(el: Element, ctx?: AxContext): Element[] {
  if (!el.hasAttribute('aria-owns')) return [];
  const c = resolveContext(el, ctx);
  const map = ownerMap(c);
  return idRefs(el, 'aria-owns').filter((o) => map.get(o) === el);
}
