/**
 * What the agent itself wrote, per editable element of this document: the content a field or
 * editing host held right after the agent's last type_ax / focus_type / editing key. The approval
 * gate's facts (handlers/erasure.ts) compare it with the content now: when they differ, the content
 * is someone else's (the user's saved draft, a server-rendered bio) and replacing or deleting it asks
 * (issue 24 item 8); an agent correcting its own typing does not.
 *
 * Keyed by element identity in a WeakMap shared by both content bundles through the frame's isolated
 * world (as the ref registry is): a new document starts empty, and the page's own scripts cannot
 * reach it.
 */
import { drawnSurface, drawnText, ownsEditContext } from './drawn-editor';
import { isContentEditable, isInput, isTextArea } from './element-info';

interface Scope {
  __wbAgentTyped?: unknown;
}

function isStore(v: unknown): v is WeakMap<Element, string> {
  return v instanceof WeakMap;
}

function store(scope: object = globalThis): WeakMap<Element, string> {
  const s: Scope = scope;
  if (isStore(s.__wbAgentTyped)) return s.__wbAgentTyped;
  const map = new WeakMap<Element, string>();
  Object.defineProperty(scope, '__wbAgentTyped', { value: map, configurable: true, writable: true });
  return map;
}

/**
 * The element that holds the text: the field itself, an EditContext element (its editor's document),
 * or the topmost editing host (HTML §6.8.1).
 */
export function textHolder(el: Element): Element | null {
  if (isInput(el) || isTextArea(el) || ownsEditContext(el)) return el;
  if (!isContentEditable(el)) return null;
  let host = el;
  for (let p = el.parentElement; p && isContentEditable(p); p = p.parentElement) host = p;
  return host;
}

/**
 * The text a holder shows: a field's value, an editing host's text, a drawn editor's document (its
 * hidden textarea holds only a window of it, or nothing: Monaco with screen-reader support off).
 */
export function contentOf(holder: Element): string {
  const surface = drawnSurface(holder);
  if (surface) return drawnText(surface, holder);
  if (isInput(holder) || isTextArea(holder)) return holder.value;
  return holder.textContent ?? '';
}

/** Records that the holder's current content is the agent's own writing. */
export function noteAgentWrote(holder: Element): void {
  store().set(holder, contentOf(holder));
}

/** True when the holder is empty or holds exactly what the agent last wrote into it. */
export function isAgentsOwn(holder: Element): boolean {
  const now = contentOf(holder);
  return now.trim() === '' || store().get(holder) === now;
}
