/**
 * What a pointer at a point reaches, the way Chromium's own hit test and event dispatch see it. One
 * implementation for find's `actionable`, verify's `covered` and the actions' landing checks.
 *
 * `elementFromPoint` stops at a shadow host and is retargeted there (CSSOM View §6.1, DOM §4.8), so
 * the walk descends through each host's shadow root (closed ones through the reader the caller
 * passes). Text a host carries in its light DOM is drawn inside the slot it is assigned to, but its
 * hit is retargeted to the host itself, since the text's DOM parent is the host (Blink
 * TreeScope::HitTestPoint). A real click on it is dispatched inside the shadow tree: the event path
 * starts at the slot's flat-tree parent (Blink HitTestResult::InnerElement uses FlatTreeTraversal),
 * so `<sl-button>Save</sl-button>`'s inner `<button>` receives it. The walk therefore resolves such
 * text to its slot; without that a Shoelace button reads as covered by its own host.
 */
import { isElement, isShadowRoot } from './flat-tree';

export type RootReader = (el: Element) => ShadowRoot | null;

const openRoot: RootReader = (el) => el.shadowRoot;

/**
 * Elements that can host a shadow root: custom elements and the list in DOM §4.2.14
 * attachShadow(). Only these are worth asking a closed-root reader about (an extension API call).
 */
const ATTACHABLE: ReadonlySet<string> = new Set([
  'article',
  'aside',
  'blockquote',
  'body',
  'div',
  'footer',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'main',
  'nav',
  'p',
  'section',
  'span',
]);

export function mayHostShadow(el: Element): boolean {
  return (
    el.namespaceURI === 'http://www.w3.org/1999/xhtml' && (ATTACHABLE.has(el.localName) || el.localName.includes('-'))
  );
}

type Slottable = Node & { readonly assignedSlot: HTMLSlotElement | null };

function isSlottable(node: Node): node is Slottable {
  return node.nodeType === 1 || node.nodeType === 3;
}

function isSlot(node: Node): node is HTMLSlotElement {
  return isElement(node) && node.localName === 'slot' && 'assignedNodes' in node;
}

/** The slot a light-DOM node of `host` is rendered in, following slots assigned to further slots. */
function renderedSlot(node: Slottable, host: Element, rootOf: RootReader): HTMLSlotElement | null {
  let slot = node.assignedSlot ?? closedSlotOf(node, host, rootOf);
  for (let guard = 0; slot?.assignedSlot && guard < 16; guard++) slot = slot.assignedSlot;
  return slot;
}

/** `assignedSlot` answers only for open roots (DOM §4.2.2.3); a closed root is searched by hand. */
function closedSlotOf(node: Node, host: Element, rootOf: RootReader): HTMLSlotElement | null {
  if (rootOf === openRoot || host.shadowRoot || !mayHostShadow(host)) return null;
  const root = rootOf(host);
  if (!root) return null;
  for (const slot of Array.from(root.querySelectorAll('slot'))) {
    if (isSlot(slot) && slot.assignedNodes().includes(node)) return slot;
  }
  return null;
}

/** The slot holding the host's own text under the point, if the point is on such text. */
function slottedTextAt(host: Element, x: number, y: number, rootOf: RootReader): HTMLSlotElement | null {
  const doc = host.ownerDocument;
  for (let c = host.firstChild; c; c = c.nextSibling) {
    if (c.nodeType !== 3 || !isSlottable(c) || !(c.nodeValue ?? '').trim()) continue;
    const range = doc.createRange();
    range.selectNodeContents(c);
    for (const r of Array.from(range.getClientRects())) {
      if (x >= r.left && x <= r.right && y >= r.top && y <= r.bottom) {
        const slot = renderedSlot(c, host, rootOf);
        if (slot) return slot;
      }
    }
  }
  return null;
}

/**
 * The innermost element at a point: through shadow roots, and from a host's slotted text to the slot
 * it is drawn in. Null where nothing is hit, and always in jsdom (no layout, no elementFromPoint).
 */
export function deepHit(doc: Document, x: number, y: number, rootOf: RootReader = openRoot): Element | null {
  if (typeof doc.elementFromPoint !== 'function') return null;
  let hit = doc.elementFromPoint(x, y);
  for (let guard = 0; hit && guard < 32; guard++) {
    const root = rootOf(hit);
    if (!root || !isShadowRoot(root)) break;
    const inner = root.elementFromPoint(x, y);
    if (inner && inner !== hit) {
      hit = inner;
      continue;
    }
    // The shadow tree has nothing of its own there: the point is on the host's text or its own box.
    const slot = slottedTextAt(hit, x, y, rootOf);
    if (!slot) break;
    hit = slot;
  }
  return hit;
}

/** The element's parent in the flat tree: its slot when it is slotted, else its parent or host. */
export function flatParentOf(el: Element, rootOf: RootReader = openRoot): Element | null {
  const parent = el.parentNode;
  if (!parent) return null;
  if (isElement(parent)) {
    const slot = renderedSlot(el, parent, rootOf);
    if (slot) return slot;
  }
  if (isShadowRoot(parent)) return parent.host;
  return isElement(parent) ? parent : null;
}

/** True when `inner` is `outer` or inside it in the flat tree (slots and shadow hosts followed). */
export function flatContains(outer: Element, inner: Element | null, rootOf: RootReader = openRoot): boolean {
  for (let node = inner, guard = 0; node && guard < 10_000; node = flatParentOf(node, rootOf), guard++) {
    if (node === outer) return true;
  }
  return false;
}

/**
 * A press at `hit` activates `el`: the hit is inside it, or inside a `<label>` whose labeled control
 * it is (HTML §4.10.4: a label's activation behavior runs the control's, which is how styled
 * checkboxes and switches hide the real input under a drawn one).
 */
export function reachesControl(hit: Element, el: Element, rootOf: RootReader = openRoot): boolean {
  for (let node: Element | null = hit, guard = 0; node && guard < 10_000; node = flatParentOf(node, rootOf), guard++) {
    if (node === el) return true;
    if (node.localName === 'label' && 'control' in node && node.control === el) return true;
  }
  return false;
}
