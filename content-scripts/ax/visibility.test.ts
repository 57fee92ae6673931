// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { createAxContext } from './ax-context';
import { hidesSubtree, isHiddenFromAx, isRenderedInvisible } from './visibility';

function hidden(html: string, selector = '#t'): boolean {
  document.body.innerHTML = html;
  const el = document.querySelector(selector);
  if (!el) throw new Error(`no ${selector}`);
  return isHiddenFromAx(el, createAxContext(document));
}

describe('isHiddenFromAx', () => {
  it('keeps ordinary content', () => {
    expect(hidden('<div><span id="t">x</span></div>')).toBe(false);
  });
  it('hides display:none, hidden, inert and aria-hidden subtrees, ancestors included', () => {
    expect(hidden('<div style="display:none"><span id="t">x</span></div>')).toBe(true);
    expect(hidden('<div hidden><span id="t">x</span></div>')).toBe(true);
    expect(hidden('<div inert><button id="t">x</button></div>')).toBe(true);
    expect(hidden('<div aria-hidden="true"><button id="t">x</button></div>')).toBe(true);
    expect(hidden('<div aria-hidden="false"><button id="t">x</button></div>')).toBe(false);
  });
  it('hides visibility:hidden but lets a descendant become visible again', () => {
    expect(hidden('<div style="visibility:hidden"><span id="t">x</span></div>')).toBe(true);
    expect(hidden('<div style="visibility:hidden"><span id="t" style="visibility:visible">x</span></div>')).toBe(false);
  });
  it('hides the content of a closed <details>, but not its summary', () => {
    const html = '<details><summary id="s">More</summary><p id="t">body</p></details>';
    expect(hidden(html)).toBe(true);
    expect(hidden(html, '#s')).toBe(false);
    expect(hidden('<details open><summary>More</summary><p id="t">body</p></details>')).toBe(false);
  });
  it('never exposes script, style, template or hidden inputs', () => {
    expect(hidden('<input id="t" type="hidden" value="csrf">')).toBe(true);
    expect(hidden('<script id="t"></script>')).toBe(true);
    expect(hidden('<template id="t"></template>')).toBe(true);
  });
  it('follows the flat tree: slotted light children inherit hidden-ness from the slot', () => {
    document.body.innerHTML = '<div id="host"><span id="t" slot="s">x</span></div>';
    const host = document.getElementById('host') as HTMLElement;
    host.attachShadow({ mode: 'open' }).innerHTML = '<div hidden><slot name="s"></slot></div>';
    expect(isHiddenFromAx(document.getElementById('t') as Element, createAxContext(document))).toBe(true);
  });
});

describe('single-element checks for walkers', () => {
  it('isRenderedInvisible looks at the element only', () => {
    document.body.innerHTML =
      '<div style="display:none"><span id="t">x</span></div><i id="v" style="visibility:hidden">y</i>';
    const ctx = createAxContext(document);
    expect(isRenderedInvisible(document.getElementById('t') as Element, ctx)).toBe(false);
    expect(isRenderedInvisible(document.getElementById('v') as Element, ctx)).toBe(true);
  });
  it('hidesSubtree is true for subtree-removing causes, not for visibility', () => {
    document.body.innerHTML = '<i id="v" style="visibility:hidden">y</i><b id="a" aria-hidden="true">z</b>';
    const ctx = createAxContext(document);
    expect(hidesSubtree(document.getElementById('v') as Element, ctx)).toBe(false);
    expect(hidesSubtree(document.getElementById('a') as Element, ctx)).toBe(true);
  });
});
