/**
 * What an element shows and holds, read the way a person would: rendered text through shadow roots
 * (closed ones included) and slots, and form values with passwords masked. jsdom has no innerText and
 * `innerText` stops at shadow roots, so the text is walked here (HTML §3.2.7 "rendered text", simplified:
 * block boxes and <br> separate words, hidden subtrees say nothing).
 */
import { flatParent, isElement } from '../ax/flat-tree';
import { shadowRootOf } from '../frames/shadow-roots';
import { squish } from '../../shared/text';

/** The mask the tree and type_ax use for a password's value (content-scripts/actions/type-result.ts). */
export const PASSWORD_MASK = '••••';
const MAX_TEXT = 100_000;

function styleOf(el: Element): CSSStyleDeclaration | null {
  const view = el.ownerDocument.defaultView;
  return view ? view.getComputedStyle(el) : null;
}

/**
 * Whether a box with this `display` keeps its text apart from its neighbours' for a reader: blocks,
 * and atomic inline boxes (inline-block, inline-flex, inline-grid, inline-table: CSS Display 3 §2.4),
 * which a person sees as separate boxes even where no space sits between them in the DOM
 * (`<button>Edit profile</button><button>Pick a plan</button>` is not "profilePick").
 */
export function separatesText(display: string): boolean {
  return display !== 'inline' && display !== 'contents' && !display.startsWith('ruby');
}

const NO_TEXT_TAGS = new Set(['script', 'style', 'template', 'noscript', 'head', 'title', 'meta', 'link']);

function isSlot(el: Element): el is HTMLSlotElement {
  return el.localName === 'slot' && 'assignedNodes' in el;
}

/** Children in the flat tree: a host's shadow root (open or closed), a slot's assigned nodes. */
export function childrenOf(el: Element): Node[] {
  const root = shadowRootOf(el);
  if (root) return Array.from(root.childNodes);
  if (isSlot(el)) {
    const assigned = el.assignedNodes({ flatten: false });
    if (assigned.length > 0) return assigned;
  }
  return Array.from(el.childNodes);
}

/** The element's rendered text, whitespace collapsed and trimmed. */
export function renderedText(el: Element): string {
  const parts: string[] = [];
  let length = 0;
  const walk = (node: Node, visible: boolean): void => {
    if (length > MAX_TEXT) return;
    if (node.nodeType === 3) {
      if (visible) {
        const data = node.nodeValue ?? '';
        parts.push(data);
        length += data.length;
      }
      return;
    }
    if (!isElement(node)) return;
    if (NO_TEXT_TAGS.has(node.localName)) return;
    const style = styleOf(node);
    if (style?.display === 'none') return;
    if (node.localName === 'br') {
      parts.push('\n');
      return;
    }
    // visibility is inherited and a descendant may turn visible again (CSS 2 §11.2).
    const shown = style ? style.visibility !== 'hidden' && style.visibility !== 'collapse' : visible;
    const block = style !== null && separatesText(style.display);
    if (block) parts.push('\n');
    for (const child of childrenOf(node)) walk(child, shown);
    if (block) parts.push('\n');
  };
  walk(el, true);
  return squish(parts.join(''));
}

function isPasswordInput(el: Element): boolean {
  return el.localName === 'input' && (el.getAttribute('type') ?? '').trim().toLowerCase() === 'password';
}

/** A password field, or a custom element whose value lives in one (<sl-input type="password">). */
export function isPasswordField(el: Element): boolean {
  return isPasswordInput(valueHolder(el));
}

const CONTROLS = 'input, textarea, select';

/**
 * Where an element's form value is read: the element itself, or for a custom element (a name with a
 * hyphen) the form control inside its shadow tree that a person types in or moves. A content script
 * runs in an isolated world and does not see properties the page's own classes define (Shoelace's
 * `value` getter), only the native elements they are built from. Hidden helpers (type=hidden,
 * aria-hidden, tabindex -1: Shoelace's select keeps one) are passed over.
 */
function valueHolder(el: Element): Element {
  if (!el.localName.includes('-')) return el;
  const own: unknown = Reflect.get(el, 'value');
  if (typeof own === 'string' || typeof own === 'number') return el;
  const root = shadowRootOf(el);
  if (!root) return el;
  for (const c of Array.from(root.querySelectorAll(CONTROLS))) {
    if ((c.getAttribute('type') ?? '').toLowerCase() === 'hidden') continue;
    if (c.getAttribute('aria-hidden') === 'true' || c.getAttribute('tabindex') === '-1') continue;
    return c;
  }
  return el;
}

function stringProp(el: Element, prop: string): string | null {
  const v: unknown = Reflect.get(el, prop);
  return typeof v === 'string' ? v : null;
}

/** A custom element's `value` where this world can see it: a number (<sl-range>) in its decimal form. */
function customValue(el: Element): string | null {
  const v: unknown = Reflect.get(el, 'value');
  if (typeof v === 'string') return v;
  return typeof v === 'number' && Number.isFinite(v) ? String(v) : null;
}

/**
 * The element's current form value: `value` of inputs, textareas, selects and custom elements (their
 * own `value` where visible, else their inner control's, see valueHolder), the text of a
 * contenteditable host, else `aria-valuenow`/
 * `aria-valuetext` (ARIA sliders, spinbuttons). null when the element holds no value.
 */
export function formValue(target: Element): string | null {
  const el = valueHolder(target);
  const tag = el.localName;
  if (tag === 'input' || tag === 'textarea' || tag === 'select') return stringProp(el, 'value') ?? '';
  const editable = el.getAttribute('contenteditable');
  if (editable !== null && editable.toLowerCase() !== 'false') return renderedText(el);
  const prop = el.localName.includes('-') ? customValue(el) : stringProp(el, 'value');
  if (prop !== null) return prop;
  return el.getAttribute('aria-valuetext') ?? el.getAttribute('aria-valuenow');
}

/** A value as the model may see it: a password field's never leaves the page. */
export function shownValue(el: Element, value: string): string {
  return isPasswordField(el) && value !== '' ? PASSWORD_MASK : value;
}

/** Nearest `lang` up the flat tree, else the document's (BCP 47), for parsing numbers as the page writes them. */
export function langOf(el: Element): string {
  for (let node: Element | null = el; node; node = flatParent(node)) {
    const lang = node.getAttribute('lang');
    if (lang) return lang;
  }
  return el.ownerDocument.documentElement.getAttribute('lang') ?? '';
}
