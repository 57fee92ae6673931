/**
 * Bundled into an IIFE by run.mjs and injected into every WPT page: exposes our computations to
 * the harness as `window.__wb_ax_describe(el)`, the same call the extension offers in DevTools.
 */
import { describeElement } from '../../content-scripts/ax/describe';
import { createAxContext } from '../../content-scripts/ax/ax-context';

function describe(el: Element) {
  // A fresh context per call: the pages mutate the DOM between cases.
  return describeElement(el, createAxContext(el.ownerDocument));
}

Object.assign(window, { __wb_ax_describe: describe });
