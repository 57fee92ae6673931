/**
 * Unit-test environment shims, so product code never asks which environment it runs in. jsdom
 * implements no pseudo-element styles and logs "Not implemented" on every `getComputedStyle(el,
 * '::before')`; here such a call returns an empty style (no generated content), which is what the
 * tree reads for an element without a pseudo-element. Layout-dependent behaviour is proven in
 * Chromium (tests/e2e/), never here.
 */
if (typeof window !== 'undefined' && typeof document !== 'undefined' && /\bjsdom\b/i.test(navigator.userAgent)) {
  const computed = window.getComputedStyle.bind(window);
  const none = document.createElement('div').style;
  window.getComputedStyle = (el: Element, pseudo?: string | null): CSSStyleDeclaration =>
    pseudo ? none : computed(el);
}
