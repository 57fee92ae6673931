// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { drawnSurface, drawnText, ownsEditContext } from './drawn-editor';

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

describe('EditContext elements (Monaco in Chrome by default)', () => {
  /** jsdom has no EditContext: the element gets an `editContext` object as Chrome would give it. */
  function withContext(el: Element): Element {
    Object.defineProperty(el, 'editContext', { value: { text: '' }, configurable: true });
    return el;
  }

  it('a div with an EditContext owns one; a plain div (editContext null or absent) does not', () => {
    editor('<div id="surface"><div id="ec"></div><div id="plain"></div></div>');
    const plain = document.getElementById('plain') as Element;
    Object.defineProperty(plain, 'editContext', { value: null });
    expect(ownsEditContext(withContext(document.getElementById('ec') as Element))).toBe(true);
    expect(ownsEditContext(plain)).toBe(false);
    expect(ownsEditContext(document.body)).toBe(false);
  });

  it("leaves the element's own window of the document out of the drawn text", () => {
    const s = editor(
      '<div id="surface"><div class="margin"><div class="line-numbers">1</div></div>' +
        '<div class="view-lines"><div>let a = 1;</div></div><div id="ec">let a = 1;</div></div>',
    );
    const ec = withContext(document.getElementById('ec') as Element);
    expect(drawnText(s, ec)).toBe('let a = 1;');
    // Without the element named, its copy would count as drawn text.
    expect(drawnText(s).split('let a = 1;').length - 1).toBe(2);
  });
});
