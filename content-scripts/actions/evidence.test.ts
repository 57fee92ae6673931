// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { controlledBy, isStylingRecord, relatedTo } from './evidence';

function byId(id: string): Element {
  const el = document.getElementById(id);
  if (!el) throw new Error(`no #${id}`);
  return el;
}

describe('what belongs to a click target', () => {
  it('follows aria-controls on the target, its near ancestors and descendants', () => {
    document.body.innerHTML = `
      <div role="tab" aria-controls="panel"><a id="t" href="#">Billing</a></div>
      <div id="panel" role="tabpanel"></div>
      <div id="wrap"><span id="t2"><i aria-controls="menu"></i></span></div><ul id="menu" role="menu"></ul>`;
    expect(controlledBy([byId('t')])).toEqual([byId('panel')]);
    expect(controlledBy([byId('t2')])).toEqual([byId('menu')]);
  });

  it('relates popups it controls, labelled by it, or inside its widget, not a popup elsewhere', () => {
    document.body.innerHTML = `
      <main>
        <div class="widget"><div class="control"><button id="t">Open</button></div><ul id="own" role="listbox"></ul></div>
        <ul id="labelled" role="listbox" aria-labelledby="t"></ul>
        <div id="far"><div><div><ul id="other" role="menu"></ul></div></div></div>
      </main>`;
    const t = byId('t');
    expect(relatedTo([t], byId('own'))).toBe(true);
    expect(relatedTo([t], byId('labelled'))).toBe(true);
    expect(relatedTo([t], byId('other'))).toBe(false);
  });

  it('treats class, style and data-focus/hover attributes as styling', () => {
    const rec = (name: string): MutationRecord =>
      ({ type: 'attributes', attributeName: name }) as unknown as MutationRecord;
    expect(isStylingRecord(rec('class'))).toBe(true);
    expect(isStylingRecord(rec('data-focus-visible'))).toBe(true);
    expect(isStylingRecord(rec('aria-expanded'))).toBe(false);
    expect(isStylingRecord(rec('data-state'))).toBe(false);
  });
});
