/**
 * Reading closed shadow roots, which page scripts cannot (`host.shadowRoot` is null for them), from
 * the extension's isolated world. Each browser has its own door, chosen at build time
 * (shared/browser-target.ts):
 * - Chrome: `chrome.dom.openOrClosedShadowRoot(el)` (Chromium 88+).
 * - Firefox: `el.openOrClosedShadowRoot`, a property only content scripts see on elements
 *   (https://developer.mozilla.org/docs/Web/API/Element/openOrClosedShadowRoot).
 * Without either (jsdom tests) the reader is undefined and walks see open roots only.
 */
import { BROWSER } from '../../shared/browser-target';
import { mayHostShadow } from '../ax/flat-tree';

export type ShadowReader = (el: Element) => ShadowRoot | null;

function isShadowRoot(v: unknown): v is ShadowRoot {
  return typeof ShadowRoot !== 'undefined' && v instanceof ShadowRoot;
}

function firefoxReader(): ShadowReader {
  return (el) => {
    try {
      const root: unknown = Reflect.get(el, 'openOrClosedShadowRoot');
      return isShadowRoot(root) ? root : el.shadowRoot;
    } catch {
      return el.shadowRoot;
    }
  };
}

function chromeReader(): ShadowReader | undefined {
  const dom = typeof chrome !== 'undefined' ? chrome.dom : undefined;
  if (!dom || typeof dom.openOrClosedShadowRoot !== 'function') return undefined;
  return (el) => {
    if (!(el instanceof HTMLElement)) return el.shadowRoot;
    try {
      return dom.openOrClosedShadowRoot(el);
    } catch {
      return el.shadowRoot;
    }
  };
}

/**
 * The reader for this build, or undefined where no closed root can be read (tests). An open root
 * is read directly, and only elements that may host a root (DOM §4.2.14 attachShadow(): custom
 * elements and a short list of HTML elements; declarative roots obey the same list) reach the
 * browser's door: in Chrome each door call is an extension API call, and a tree walk asks about
 * every element (issue 26: it was a tenth of a deep read's page time).
 */
export function closedShadowReader(): ShadowReader | undefined {
  const door = BROWSER === 'firefox' ? firefoxReader() : chromeReader();
  if (!door) return undefined;
  return (el) => el.shadowRoot ?? (mayHostShadow(el) ? door(el) : null);
}
