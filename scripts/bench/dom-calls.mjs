// `node scripts/bench/dom-calls.mjs --base <checkout> [--elements 10000] [--top 25]`: how many calls into
// the browser one tree build makes (issue 26), for this checkout's builder and the one of `--base`, on the
// bench's synthetic page. Counts do not depend on the machine's load, unlike times: each DOM getter
// (`localName`, `parentElement`…), `getAttribute`/`hasAttribute` per attribute name, `getComputedStyle`,
// `getPropertyValue` per property and the shadow-root reader are wrapped in the page and counted during
// one build of each. (Computed-style properties read by name, `style.display`, go through a named
// interceptor that cannot be wrapped: the style-cache.ts comment lists those.)
import { parseArgs } from 'node:util';
import { openAbPage } from './ab-page.mjs';

const { values } = parseArgs({
  options: {
    base: { type: 'string' },
    elements: { type: 'string', default: '10000' },
    top: { type: 'string', default: '25' },
  },
});
if (!values.base) throw new Error('dom-calls: --base <checkout> is required (a checkout of main)');

/** Runs in the page: wraps the DOM entry points, builds once with each builder, returns the counts. */
function countBuilds(options) {
  const { Element, Node, CSSStyleDeclaration } = globalThis;
  const counts = new Map();
  const bump = (k) => {
    counts.set(k, (counts.get(k) ?? 0) + 1);
  };
  const getter = (proto, name) => {
    const d = Object.getOwnPropertyDescriptor(proto, name);
    if (!d?.get) return;
    const get = d.get;
    Object.defineProperty(proto, name, {
      ...d,
      get() {
        bump(`.${name}`);
        return get.call(this);
      },
    });
  };
  for (const n of ['localName', 'namespaceURI', 'assignedSlot', 'shadowRoot']) getter(Element.prototype, n);
  for (const n of ['parentElement', 'isConnected', 'firstChild', 'nextSibling', 'nodeType', 'parentNode'])
    getter(Node.prototype, n);
  const method = (proto, name, keyed) => {
    const f = proto[name];
    proto[name] = function (...args) {
      bump(keyed ? `${name}(${String(args[0])})` : `${name}()`);
      return f.apply(this, args);
    };
  };
  method(Element.prototype, 'getAttribute', true);
  method(Element.prototype, 'hasAttribute', true);
  method(Element.prototype, 'matches', true);
  method(CSSStyleDeclaration.prototype, 'getPropertyValue', true);
  method(globalThis, 'getComputedStyle', false);
  const out = {};
  for (const name of ['__abBase', '__abNew']) {
    counts.clear();
    globalThis.__wbShadowReads = 0;
    const r = globalThis[name].generate(options);
    out[name] = {
      counts: { ...Object.fromEntries(counts), 'shadow-root reader': globalThis.__wbShadowReads },
      tree: r.ok ? r.data.tree.replace(/ref_\d+/g, 'ref') : `error: ${r.error.message}`,
    };
  }
  return out;
}

const { page, close } = await openAbPage({
  base: values.base,
  elements: values.elements,
  shadowRootOf: '(el) => { globalThis.__wbShadowReads++; return el.shadowRoot; }',
});
try {
  const options = {
    filter: 'all',
    maxDepth: 100,
    maxChars: 1_000_000,
    page: 1,
    testIdAttributes: ['data-testid'],
    maxTextChars: 300,
    omit: [],
  };
  const { __abBase: base, __abNew: now } = await page.evaluate(countBuilds, options);
  const total = (c) => Object.values(c).reduce((a, b) => a + b, 0);
  const keys = [...new Set([...Object.keys(base.counts), ...Object.keys(now.counts)])];
  keys.sort((a, b) => (base.counts[b] ?? 0) - (base.counts[a] ?? 0));
  console.log(`dom-calls: ${values.elements} elements, calls per build (base → this checkout):`);
  for (const k of keys.slice(0, Number(values.top)))
    console.log(`${String(base.counts[k] ?? 0).padStart(9)} ${String(now.counts[k] ?? 0).padStart(9)}  ${k}`);
  console.log(
    `${String(total(base.counts)).padStart(9)} ${String(total(now.counts)).padStart(9)}  total (same tree: ${base.tree === now.tree})`,
  );
} finally {
  await close();
}
