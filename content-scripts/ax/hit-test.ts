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
import { flatParent, isElement, isShadowRoot, mayHostShadow } from './flat-tree';

export type RootReader = (el: Element) => ShadowRoot | null;

const openRoot: RootReader = (el) => el.shadowRoot;

type Slottable = Node & { readonly assignedSlot: HTMLSlotElement | null };

function isSlottable(node: Node): node is Slottable {
  return node.nodeType === 1 || node.nodeType === 3;
}

function isSlot(node: Node): node is HTMLSlotElement {
  return isElement(node) && node.localName === 'slot' && 'assignedNodes' in node;
}

/** The slot a light-DOM node of `host` is rendered in (each step up the flat tree follows one slot). */
function renderedSlot(node: Slottable, host: Element, rootOf: RootReader): HTMLSlotElement | null {
  return node.assignedSlot ?? closedSlotOf(node, host, rootOf);
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

/** ax/flat-tree's flatParent, and a slot in a closed shadow root, which `assignedSlot` does not tell. */
export function flatParentOf(el: Element, rootOf: RootReader = openRoot): Element | null {
  const parent = el.parentNode;
  const closed = !el.assignedSlot && parent && isElement(parent) ? closedSlotOf(el, parent, rootOf) : null;
  return closed ?? flatParent(el);
}

/** Whether `test` holds for `node` or one of its flat-tree ancestors. */
function upFlatTree(node: Element | null, rootOf: RootReader, test: (el: Element) => boolean): boolean {
  for (let n = node, guard = 0; n && guard < 10_000; n = flatParentOf(n, rootOf), guard++) if (test(n)) return true;
  return false;
}

/** True when `inner` is `outer` or inside it in the flat tree (slots and shadow hosts followed). */
export function flatContains(outer: Element, inner: Element | null, rootOf: RootReader = openRoot): boolean {
  return upFlatTree(inner, rootOf, (n) => n === outer);
}

/**
 * A press at `hit` activates `el`: the hit is inside it, or inside a `<label>` whose labeled control
 * it is (HTML §4.10.4: a label's activation behavior runs the control's, which is how styled
 * checkboxes and switches hide the real input under a drawn one).
 */
export function reachesControl(hit: Element, el: Element, rootOf: RootReader = openRoot): boolean {
  return upFlatTree(hit, rootOf, (n) => n === el || (n.localName === 'label' && 'control' in n && n.control === el));
}
