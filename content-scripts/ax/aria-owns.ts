/**
 * aria-owns relocation (WAI-ARIA 1.2 §6.6 aria-owns, with w3c/aria#1839): owned elements become the
 * owner's last children, in aria-owns order, and leave their DOM position. An element has one owner
 * (the first claim in DOM order wins) and a claim that would make a cycle is ignored. An owner that
 * is excluded from the accessibility tree, or a target hidden from all users, does not relocate.
 * Owners and targets that Chromium refuses are refused here too (blink AXRelationCache::IsValidOwner
 * and IsValidOwnedChild), so the tree keeps such elements where Chrome shows them.
 */
import { TEXT_INPUT_TYPES } from '../../shared/dom';
import { flatParent, idRefs } from './flat-tree';
import { resolveContext, type AxContext } from './style-cache';
import { hiddenFromAllUsers, isHiddenFromAx } from './visibility';

const KEY = 'aria-owns';

/** Frames parent only their document; images only their map's areas. */
const NEVER_OWNERS: ReadonlySet<string> = new Set([
  'iframe',
  'frame',
  'fencedframe',
  'object',
  'embed',
  'img',
  'br',
  'hr',
  'progress',
  'map',
  'textarea',
]);

/** Text inputs (text fields), checkboxes, radios and sliders cannot take children. */
const NO_CHILD_INPUTS: ReadonlySet<string> = new Set([...TEXT_INPUT_TYPES, 'checkbox', 'radio', 'range']);

/** Areas belong to their image; options to their select (blink IsValidOwnedChild). */
const NEVER_OWNED: ReadonlySet<string> = new Set(['area', 'option', 'optgroup']);

function validOwner(owner: Element): boolean {
  const tag = owner.localName;
  if (NEVER_OWNERS.has(tag)) return false;
  if (tag === 'input')
    return !NO_CHILD_INPUTS.has((owner.getAttribute('type') ?? 'text').trim().toLowerCase() || 'text');
  // A drop-down select parents only its own popup.
  if (tag === 'select') return owner.hasAttribute('multiple') || Number(owner.getAttribute('size') ?? '0') > 1;
  // An editable root is a text field: aria-owns on it would be "unworkable" (blink).
  const editable = owner.getAttribute('contenteditable');
  if (editable !== null && editable.toLowerCase() !== 'false') return false;
  const role = owner.getAttribute('role')?.trim().split(/\s+/)[0]?.toLowerCase();
  return role !== 'img' && role !== 'image';
}

/** True when `target` is `owner` or one of its accessibility-tree ancestors (given the claims so far). */
function wouldCycle(owner: Element, target: Element, owners: ReadonlyMap<Element, Element>): boolean {
  if (target.contains(owner)) return true;
  for (let n: Element | null = owner; n; n = owners.get(n) ?? flatParent(n)) {
    if (n === target) return true;
  }
  return false;
}

/** Owned element -> its owner, for the whole document; built once per context. */
export function ariaOwners(ctx: AxContext): ReadonlyMap<Element, Element> {
  const hit = ctx.memo.get(KEY);
  if (hit instanceof Map) return hit;
  const owners = new Map<Element, Element>();
  for (const owner of Array.from(ctx.doc.querySelectorAll('[aria-owns]'))) {
    if (!validOwner(owner) || isHiddenFromAx(owner, ctx)) continue;
    for (const target of idRefs(owner, 'aria-owns')) {
      // First claim wins: an element has one owner.
      if (owners.has(target) || NEVER_OWNED.has(target.localName)) continue;
      if (wouldCycle(owner, target, owners) || hiddenFromAllUsers(target, ctx)) continue;
      owners.set(target, owner);
    }
  }
  ctx.memo.set(KEY, owners);
  return owners;
}

/** The element whose aria-owns relocates this one, or null. */
export function ownerOf(el: Element, ctx?: AxContext): Element | null {
  return ariaOwners(resolveContext(el, ctx)).get(el) ?? null;
}

/** The parent in the accessibility tree: the aria-owns owner, else the flat-tree parent. */
export function axParent(el: Element, ctx: AxContext): Element | null {
  return ariaOwners(ctx).get(el) ?? flatParent(el);
}

/** Elements this one relocates under itself, in aria-owns order. */
export function ownedElements(el: Element, ctx?: AxContext): Element[] {
  if (!el.hasAttribute('aria-owns')) return [];
  const map = ariaOwners(resolveContext(el, ctx));
  if (map.size === 0) return [];
  // A repeated id names one element once.
  return [...new Set(idRefs(el, 'aria-owns'))].filter((o) => map.get(o) === el);
}
