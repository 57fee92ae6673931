// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { documentMayStylePseudo, pseudoFilter } from './pseudo-rules';

function page(css: string, body: string): void {
  document.head.innerHTML = css ? `<style>${css}</style>` : '';
  document.body.innerHTML = body;
}

function byId(id: string): Element {
  const el = document.getElementById(id);
  if (!el) throw new Error(`no #${id}`);
  return el;
}

afterEach(() => {
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});

describe('documentMayStylePseudo', () => {
  it('is false when no rule names ::before or ::after', () => {
    page('p { color: red } @media screen { .x > a:hover { color: blue } }', '<p>x</p>');
    expect(documentMayStylePseudo(document)).toBe(false);
  });
  it('ignores rules that give no text: decorative content, or none at all', () => {
    page('.clearfix::after { content: ""; display: table } a::before { color: red } i:before { content: none }', '');
    expect(documentMayStylePseudo(document)).toBe(false);
    page('.sep::after { content: " " }', '');
    expect(documentMayStylePseudo(document)).toBe(true);
    page('.icon::before { content: var(--glyph) }', '');
    expect(documentMayStylePseudo(document)).toBe(true);
  });
  it('sees both spellings, in grouping rules too', () => {
    page('a.icon::before { content: "★" }', '');
    expect(documentMayStylePseudo(document)).toBe(true);
    page('@media screen { @supports (display: grid) { b:after { content: "!" } } }', '');
    expect(documentMayStylePseudo(document)).toBe(true);
  });
  it('counts a sheet it cannot read as one that may', () => {
    page('', '');
    const sheet = {
      ownerRule: null,
      get cssRules(): CSSRuleList {
        throw new DOMException('cross-origin', 'SecurityError');
      },
    };
    Object.defineProperty(document, 'adoptedStyleSheets', { value: [sheet], configurable: true });
    try {
      expect(documentMayStylePseudo(document)).toBe(true);
    } finally {
      Reflect.deleteProperty(document, 'adoptedStyleSheets');
    }
  });
});

describe('pseudoFilter', () => {
  it('reads the first pseudo-elements of a build without scanning, and stops a scan past its budget', () => {
    page('p { color: red }', '<p id="p">x</p>');
    const mayHave = pseudoFilter(() => null, 2);
    expect([mayHave(byId('p')), mayHave(byId('p')), mayHave(byId('p'))]).toEqual([true, true, false]);
    page('p { color: red } a { color: blue } b { color: green }', '');
    expect(documentMayStylePseudo(document, 2)).toBe(true);
    expect(documentMayStylePseudo(document, 3)).toBe(false);
  });
  it('skips light-DOM elements of a document without such rules', () => {
    page('p { color: red }', '<p id="p"><span id="s">x</span></p><x-card id="c"></x-card>');
    const mayHave = pseudoFilter(() => null, 0);
    expect(mayHave(byId('p'))).toBe(false);
    expect(mayHave(byId('s'))).toBe(false);
    // A custom element with no root (the reader says so) and its children.
    expect(mayHave(byId('c'))).toBe(false);
  });
  it('reads every element when the document has such a rule', () => {
    page('q::after { content: "»" }', '<p id="p">x</p>');
    expect(pseudoFilter(() => null, 0)(byId('p'))).toBe(true);
  });
  it('reads shadow hosts, their children and shadow-tree elements', () => {
    page(
      '',
      '<div id="open"><b id="slotted">x</b></div><div id="closed"><i id="lit">y</i></div><span id="plain"></span>',
    );
    const open = byId('open');
    const root = open.attachShadow({ mode: 'open' });
    root.innerHTML = '<style>:host::before { content: "A" }</style><em id="inner">z</em><slot></slot>';
    const closed = byId('closed');
    const closedRoot = closed.attachShadow({ mode: 'closed' });
    const reader = (el: Element): ShadowRoot | null => el.shadowRoot ?? (el === closed ? closedRoot : null);
    const mayHave = pseudoFilter(reader, 0);
    expect(mayHave(open)).toBe(true);
    expect(mayHave(byId('slotted'))).toBe(true);
    const inner = root.getElementById('inner');
    expect(inner && mayHave(inner)).toBe(true);
    expect(mayHave(closed)).toBe(true);
    expect(mayHave(byId('lit'))).toBe(true);
    expect(mayHave(byId('plain'))).toBe(false);
    // Without a reader, any element that may host a closed root is read.
    expect(pseudoFilter(undefined, 0)(byId('plain'))).toBe(true);
    // An element that cannot host a root, under one that cannot either.
    const list = document.body.appendChild(document.createElement('ul'));
    expect(pseudoFilter(undefined, 0)(list.appendChild(document.createElement('li')))).toBe(false);
  });
});
