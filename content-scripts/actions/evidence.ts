/**
 * What counts as evidence that a click did something: a change of the target or of what it controls.
 * A popup or dialog elsewhere on the page, a focus ring, a hover style are not: pages churn on their
 * own (cookie banners, live badges, other widgets' popups), and "verified" must not rest on them.
 *
 * "What it controls" follows the ARIA relations a person's assistive technology follows too:
 * `aria-controls`, `aria-owns` and `aria-activedescendant` (WAI-ARIA 1.2 §6.6), read on the target,
 * a few of its ancestors (the ref can be the inner text of a widget whose wrapper carries the
 * relation) and its descendants; a popup labelled by the target (`aria-labelledby`); and the widget's
 * own wrapper (a dropdown rendered as the trigger's sibling, as tom-select or choices.js do).
 */
import { isShadowRoot } from './element-info';
import { flatContains } from './pointer';
import { flatParentOf } from './reachability';

const RELATIONS = ['aria-controls', 'aria-owns', 'aria-activedescendant'];
const ANCESTOR_LEVELS = 3;
const DESCENDANT_LIMIT = 40;
const WRAPPER_LEVELS = 2;
const NOT_A_WRAPPER = new Set(['body', 'html', 'main', 'form', 'section', 'article', 'dialog']);

function idrefs(el: Element, attr: string): string[] {
  return (el.getAttribute(attr) ?? '').split(/\s+/).filter(Boolean);
}

function byId(scope: Element, id: string): Element | null {
  const root = scope.getRootNode();
  return (isShadowRoot(root) ? root.getElementById(id) : null) ?? scope.ownerDocument.getElementById(id);
}

/** Elements the targets point at through ARIA relations (resolved now; popups may mount later). */
export function controlledBy(targets: readonly Element[]): Element[] {
  const out = new Set<Element>();
  const sources = new Set<Element>();
  for (const t of targets) {
    for (let node: Element | null = t, i = 0; node && i <= ANCESTOR_LEVELS; node = flatParentOf(node), i++) {
      sources.add(node);
    }
    const inner = t.querySelectorAll(RELATIONS.map((a) => `[${a}]`).join(','));
    for (const d of [...inner].slice(0, DESCENDANT_LIMIT)) sources.add(d);
  }
  for (const s of sources) {
    for (const attr of RELATIONS) {
      for (const id of idrefs(s, attr)) {
        const el = byId(s, id);
        if (el && !targets.some((t) => flatContains(el, t))) out.add(el);
      }
    }
  }
  return [...out];
}

/** The widget a target sits in: two levels up, unless that is a page region rather than a widget. */
export function closeWrapper(t: Element): Element | null {
  let node: Element | null = t;
  for (let i = 0; node && i < WRAPPER_LEVELS; i++) node = flatParentOf(node);
  return node && !NOT_A_WRAPPER.has(node.localName) ? node : null;
}

/** True when `node` (a popup or dialog that opened or closed) belongs to one of the targets. */
export function relatedTo(targets: readonly Element[], node: Element): boolean {
  for (const t of targets) {
    if (flatContains(t, node) || flatContains(node, t)) return true;
    if (t.id && idrefs(node, 'aria-labelledby').includes(t.id)) return true;
    const wrapper = closeWrapper(t);
    if (wrapper && flatContains(wrapper, node)) return true;
  }
  return controlledBy(targets).some((c) => c === node || flatContains(node, c) || flatContains(c, node));
}

/** Mutation records a click's own pointer and focus produce: styling, not a result. */
export function isStylingRecord(r: MutationRecord): boolean {
  if (r.type !== 'attributes') return false;
  const name = r.attributeName ?? '';
  return name === 'class' || name === 'style' || /^data-.*(focus|hover|active|press)/.test(name);
}
