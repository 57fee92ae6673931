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

/** The reader for this build, or undefined where no closed root can be read (tests). */
export function closedShadowReader(): ShadowReader | undefined {
  return BROWSER === 'firefox' ? firefoxReader() : chromeReader();
}
