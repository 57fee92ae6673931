/**
 * Can a person see and hit this element, and if not, what would they click instead?
 *
 * Custom controls commonly hide the real `<input>` (opacity 0, a 1px clip, `appearance:none` behind a
 * styled box) and draw a stand-in: its `<label>`, a sibling box, or the shadow host of a web component.
 * Clicking the hidden node synthetically often works, but a trusted click must land on what is drawn,
 * and a person's click goes to the stand-in, so that is what we target.
 */
import { flatParent } from '../ax/flat-tree';
import { centreOf, deepElementFromPoint, flatContains } from './pointer';
import { describe, isHtmlElement, isShadowRoot, labelsOf } from './element-info';

export interface VisualState {
  /** Why a person cannot see it, or null when visible. */
  hidden: string | null;
  /** Why the pointer cannot reach it (`pointer-events:none`), or null. */
  pointerDisabled: string | null;
  /** Native `:disabled` or `aria-disabled="true"`. */
  disabled: boolean;
}

/** ax/flat-tree's flatParent, under the name the actions import it by. */
export const flatParentOf = flatParent;

export function visualState(el: Element): VisualState {
  const view = el.ownerDocument.defaultView;
  const style = view?.getComputedStyle(el);
  let hidden: string | null = null;
  const rect = el.getBoundingClientRect();
  if (!el.isConnected) hidden = 'it is no longer in the page';
  else if (style?.display === 'none' || el.getClientRects().length === 0)
    hidden = 'it is not rendered (display:none or an ancestor hides it)';
  else if (style?.visibility === 'hidden' || style?.visibility === 'collapse') hidden = 'it is visibility:hidden';
  else if (rect.width <= 1 || rect.height <= 1)
    hidden = `its box is ${Math.round(rect.width)}×${Math.round(rect.height)} px (visually hidden)`;
  else if (style?.clipPath && /inset\(\s*50%/.test(style.clipPath)) hidden = 'it is clipped away (clip-path)';
  else {
    // Opacity multiplies down the flat tree, so any transparent ancestor hides it.
    for (let node: Element | null = el, depth = 0; node && depth < 12; node = flatParentOf(node), depth++) {
      const ns = view?.getComputedStyle(node);
      if (ns?.opacity === '0') {
        hidden = node === el ? 'it is fully transparent (opacity:0)' : 'an ancestor is fully transparent (opacity:0)';
        break;
      }
      // The "visually hidden" idiom (tom-select, select2, Bootstrap .visually-hidden): a 1px box with
      // overflow hidden, or clip: rect(0 0 0 0), around content that keeps its own box.
      if (node !== el && ns && (CLIPPED.test(ns.clip) || (ns.overflow === 'hidden' && isTiny(node)))) {
        hidden = 'an ancestor clips it to nothing (a visually hidden element kept for screen readers)';
        break;
      }
    }
  }
  const pointerDisabled = style?.pointerEvents === 'none' ? 'it has pointer-events:none' : null;
  let disabled = el.getAttribute('aria-disabled') === 'true';
  try {
    disabled ||= el.matches(':disabled');
  } catch {
    // :disabled is supported everywhere we run; a throwing selector engine must not break a click.
  }
  return { hidden, pointerDisabled, disabled };
}

const CLIPPED = /^rect\(\s*0(px)?[\s,]+0(px)?[\s,]+0(px)?[\s,]+0(px)?\s*\)$/;

function isTiny(el: Element): boolean {
  const r = el.getBoundingClientRect();
  return r.width <= 1 || r.height <= 1;
}

export interface StandIn {
  el: Element;
  /** Said back to the model: "clicked its label "Accept terms" [ref_9] instead". */
  reason: string;
}

function isShown(el: Element): boolean {
  const s = visualState(el);
  return s.hidden === null && s.pointerDisabled === null;
}

/**
 * The visible element a person would click for a hidden one: its label, the box drawn where it sits,
 * the nearest visible ancestor that wraps it tightly, or its shadow host. Null when none fits.
 */
export function findStandIn(el: Element): StandIn | null {
  for (const label of labelsOf(el)) {
    if (isShown(label))
      return { el: label, reason: `it is visually hidden; clicked its label ${describe(label)} instead` };
  }
  const rect = el.getBoundingClientRect();
  if (rect.width > 1 && rect.height > 1) {
    const p = centreOf(el);
    const hit = deepElementFromPoint(el.ownerDocument, p.x, p.y);
    // The box drawn over (or under) a transparent control is what the person sees; skip page-wide
    // containers, which are not a stand-in for anything.
    if (hit && hit !== el && !flatContains(hit, el.ownerDocument.body) && isShown(hit) && isCompact(hit, rect)) {
      return { el: hit, reason: `it is visually hidden; clicked ${describe(hit)} drawn at its position instead` };
    }
  }
  for (let node = flatParentOf(el), depth = 0; node && depth < 3; node = flatParentOf(node), depth++) {
    if (node.localName === 'body' || node.localName === 'html') break;
    if (isShown(node) && isCompact(node, rect)) {
      const root = el.getRootNode();
      const how = isShadowRoot(root) && node === root.host ? 'its host' : 'its visible wrapper';
      return { el: node, reason: `it is visually hidden; clicked ${how} ${describe(node)} instead` };
    }
  }
  return null;
}

/** A wrapper is a fair stand-in only when it is control-sized, not a whole form or page region. */
function isCompact(candidate: Element, targetRect: DOMRect): boolean {
  const r = candidate.getBoundingClientRect();
  if (r.width <= 1 || r.height <= 1) return false;
  const maxW = Math.max(400, targetRect.width * 3);
  const maxH = Math.max(80, targetRect.height * 3);
  return r.width <= maxW && r.height <= maxH && isHtmlElement(candidate);
}
