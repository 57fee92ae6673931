/**
 * Content script (document_idle, all frames): the accessibility-tree builder and the ref registry.
 * Installs `__wbAx` for the handler bundle and the debug API for people in DevTools (select the
 * extension's context in the console): __wbElementMap, __wb_ax_lookup, __wb_ax_release,
 * __wb_ax_describe.
 */
import '../src/zod-setup';
import { installAxApi } from './ax/api';
import type { TreeHooks } from './ax/tree';

/**
 * chrome.dom.openOrClosedShadowRoot lets an extension read closed shadow roots that page scripts
 * cannot; without it (other browsers, tests) the walk sees open roots only.
 */
function shadowRootReader(): TreeHooks['shadowRootOf'] {
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

const shadowRootOf = shadowRootReader();
installAxApi(globalThis, document, shadowRootOf ? { shadowRootOf } : {});
