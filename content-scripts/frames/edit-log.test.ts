// @vitest-environment jsdom
import { beforeAll, describe, expect, test, vi } from 'vitest';
import { readEditLog } from './edit-log';
import { EDIT_LOG_EVENTS } from './edit-log-events';

// The core and the reader share only DOM events; under jsdom both run in one world, which is
// enough to prove the exchange (the MAIN/isolated split is proven in Chromium by frames-promote.e2e.ts).
beforeAll(async () => {
  document.body.innerHTML = '';
  await import('../core');
});

function typeInto(el: Element): void {
  el.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
}

describe('edit log (always-on core ↔ handlers)', () => {
  test('answers with the edited elements and the time it started watching', () => {
    document.body.innerHTML = '<div contenteditable="true" id="a">x</div><input id="b"><p id="c">c</p>';
    const a = document.getElementById('a');
    const b = document.getElementById('b');
    if (!a || !b) throw new Error('fixture');
    typeInto(a);
    typeInto(b);
    const log = readEditLog(document);
    expect(log).not.toBeNull();
    expect(log?.since).toBeLessThanOrEqual(Date.now());
    expect([...(log?.edited ?? [])]).toEqual([a, b]);
  });

  test('forgets edits inside a submitted form and elements that left the page', () => {
    document.body.innerHTML = '<form id="f"><input id="in"></form><textarea id="t"></textarea><div id="gone"></div>';
    const input = document.getElementById('in');
    const t = document.getElementById('t');
    const gone = document.getElementById('gone');
    const form = document.getElementById('f');
    if (!input || !t || !gone || !form) throw new Error('fixture');
    typeInto(input);
    typeInto(t);
    typeInto(gone);
    form.dispatchEvent(new Event('submit', { bubbles: true }));
    gone.remove();
    expect([...(readEditLog(document)?.edited ?? [])]).toEqual([t]);
  });

  test('a second copy of the core steps aside instead of keeping a second log', async () => {
    document.body.innerHTML = '<input id="x">';
    const x = document.getElementById('x');
    if (!x) throw new Error('fixture');
    const before = readEditLog(document)?.since;
    // Re-evaluate the module as a re-injection would (a fresh module instance).
    vi.resetModules();
    await import('../core');
    typeInto(x);
    let answers = 0;
    const count = (): void => {
      answers++;
    };
    window.addEventListener(EDIT_LOG_EVENTS.done, count, true);
    const log = readEditLog(document);
    window.removeEventListener(EDIT_LOG_EVENTS.done, count, true);
    expect(log?.since).toBe(before);
    expect([...(log?.edited ?? [])]).toEqual([x]);
    // One core answers: a second one would have sent a second "done".
    expect(answers).toBe(1);
  });

  test('without a core in the frame there is no log (null), never a throw', () => {
    const other = document.implementation.createHTMLDocument('');
    expect(readEditLog(other)).toBeNull();
  });
});
