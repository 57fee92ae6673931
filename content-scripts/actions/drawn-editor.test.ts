// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { drawnSurface, drawnText } from './drawn-editor';

function editor(html: string): HTMLElement {
  document.body.innerHTML = html;
  const el = document.querySelector<HTMLElement>('#surface');
  if (!el) throw new Error('fixture: #surface missing');
  return el;
}

describe('drawnText (the document a drawn editor shows, without its gutter)', () => {
  it('cuts the line numbers out once, keeping a line of digits in the code', () => {
    const s = editor(
      '<div id="surface"><div class="margin"><div class="line-numbers">1</div><div class="line-numbers">2</div></div>' +
        '<div class="view-lines"><div>let a = 1;</div><div>12</div></div></div>',
    );
    expect(drawnText(s)).toBe('let a = 1;12');
  });

  it('turns the no-break spaces editors draw into spaces', () => {
    const s = editor('<div id="surface"><div class="CodeMirror-gutters">1</div><pre>a\u00a0=\u00a02</pre></div>');
    expect(drawnText(s)).toBe('a = 2');
  });
});

describe('drawnSurface', () => {
  it('is null for anything but a textarea (an input, a contenteditable)', () => {
    editor('<div id="surface"><input id="i" /><div id="c" contenteditable="true"></div></div>');
    expect(drawnSurface(document.getElementById('i') as Element)).toBeNull();
    expect(drawnSurface(document.getElementById('c') as Element)).toBeNull();
  });
});
