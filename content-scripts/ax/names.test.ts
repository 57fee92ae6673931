// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { computeDescription, computeFallbackLabel, computeName, normalizeName } from './names';
import { createAxContext } from './ax-context';

function nameOf(html: string, selector = '#t'): string {
  document.body.innerHTML = html;
  const el = document.querySelector(selector);
  if (!el) throw new Error(`no ${selector}`);
  return computeName(el, createAxContext(document));
}

describe('aria-labelledby (2B)', () => {
  it('joins referenced elements in IDREF order, with their hidden content', () => {
    expect(
      nameOf(
        '<span id="a">Billing</span><span id="b" hidden>address <b>line</b></span><input id="t" aria-labelledby="b a">',
      ),
    ).toBe('address line Billing');
  });
  it('wins over aria-label and native labels, and is followed one level only', () => {
    expect(
      nameOf(
        '<span id="x" aria-labelledby="y">outer</span><span id="y">inner</span><label for="t">L</label><input id="t" aria-label="AL" aria-labelledby="x">',
      ),
    ).toBe('outer');
  });
  it('lets an element reference itself without looping', () => {
    expect(
      nameOf('<button id="t" aria-labelledby="t l" aria-label="Delete"></button><span id="l">file.txt</span>'),
    ).toBe('Delete file.txt');
  });
  it('falls through when the references yield nothing', () => {
    expect(nameOf('<span id="e"></span><button id="t" aria-labelledby="e missing">Go</button>')).toBe('Go');
  });
});

describe('embedded controls (2C)', () => {
  it('uses a textbox value, a select choice and a range value inside a label', () => {
    expect(nameOf('<input id="t" type="checkbox"><label for="t">Every <input value="3"> days</label>')).toBe(
      'Every 3 days',
    );
    expect(
      nameOf(
        '<input id="t" type="checkbox"><label for="t">Flash <select><option>1</option><option selected>2</option></select> times</label>',
      ),
    ).toBe('Flash 2 times');
    expect(
      nameOf(
        '<input id="t" type="checkbox"><label for="t">Volume <div role="slider" aria-valuenow="7" aria-valuetext="seven"></div></label>',
      ),
    ).toBe('Volume seven');
  });
  it('leaves the labelled control itself out of its label', () => {
    expect(nameOf('<label>Name <input id="t" value="Ada"></label>')).toBe('Name');
  });
});

describe('aria-label and host-language labels (2D, 2E)', () => {
  it('uses aria-label, ignoring whitespace-only values', () => {
    expect(nameOf('<button id="t" aria-label="Close">×</button>')).toBe('Close');
    expect(nameOf('<button id="t" aria-label="  ">Save</button>')).toBe('Save');
  });
  it('uses label[for] and wrapping labels together', () => {
    expect(nameOf('<label for="t">First</label><label>Second <input id="t"></label>')).toBe('First Second');
  });
  it('uses alt, button values and the submit/reset defaults', () => {
    expect(nameOf('<img id="t" alt="Logo" title="tip">')).toBe('Logo');
    expect(nameOf('<input id="t" type="submit">')).toBe('Submit');
    expect(nameOf('<input id="t" type="reset">')).toBe('Reset');
    expect(nameOf('<input id="t" type="button" value="Go">')).toBe('Go');
    expect(nameOf('<input id="t" type="image" src="x.png">')).toBe('Submit');
  });
  it('uses legend, caption and svg <title>', () => {
    expect(nameOf('<fieldset id="t"><legend>Shipping</legend><input></fieldset>')).toBe('Shipping');
    expect(nameOf('<table id="t"><caption>Prices</caption><tr><td>1</td></tr></table>')).toBe('Prices');
    expect(nameOf('<svg id="t" role="img"><title>Chart</title></svg>')).toBe('Chart');
  });
  it('puts title before placeholder for text fields', () => {
    expect(nameOf('<input id="t" placeholder="Search…">')).toBe('Search…');
    expect(nameOf('<input id="t" title="Query" placeholder="Search…">')).toBe('Query');
  });
});

describe('name from content (2F–2H)', () => {
  it('names buttons, links and headings from their content, recursively', () => {
    expect(nameOf('<a id="t" href="#">Read <em>more</em> <img alt="about cats"></a>')).toBe('Read more about cats');
    expect(nameOf('<h2 id="t"><span aria-label="Chapter">C.</span> One</h2>')).toBe('Chapter One');
  });
  it('separates block children and joins inline ones', () => {
    expect(nameOf('<button id="t"><div>one</div><div>two</div></button>')).toBe('one two');
    expect(nameOf('<button id="t"><span>in</span><span>line</span></button>')).toBe('inline');
  });
  it('excludes hidden content that is not referenced', () => {
    expect(
      nameOf(
        '<a id="t" href="#">Visible<span hidden> hidden</span><span aria-hidden="true"> aria</span><span style="display:none"> none</span></a>',
      ),
    ).toBe('Visible');
  });
  it('does not name containers from content', () => {
    expect(nameOf('<nav id="t">Home About</nav>')).toBe('');
    expect(nameOf('<div id="t">text</div>')).toBe('');
  });
  it('an associated but empty label ends the computation for a field, like Chromium (no title, no placeholder)', () => {
    expect(nameOf('<label for="t" aria-hidden="true"></label><input id="t" placeholder="Nick">')).toBe('');
    expect(nameOf('<label for="t"></label><input id="t" title="Tip" placeholder="Nick">')).toBe('');
    expect(nameOf('<label for="t"></label><textarea id="t" placeholder="Notes"></textarea>')).toBe('');
    expect(nameOf('<input id="t" title="" placeholder="Nick">')).toBe('Nick');
    expect(nameOf('<label for="t"></label><button id="t">Go</button>')).toBe('Go');
  });
  it('ignores title on name-prohibited roles unless focusable, like Chromium (aria-label still counts)', () => {
    expect(nameOf('<span id="t" title="Dismiss">✕</span>')).toBe('');
    expect(nameOf('<p id="t" title="P">p</p>')).toBe('');
    expect(nameOf('<strong id="t" title="S">s</strong>')).toBe('');
    expect(nameOf('<div id="t" aria-label="Lab">z</div>')).toBe('Lab');
    expect(nameOf('<span id="t" tabindex="-1" title="Focusable">w</span>')).toBe('Focusable');
    expect(nameOf('<abbr id="t" title="Web Platform Tests">WPT</abbr>')).toBe('Web Platform Tests');
    expect(nameOf('<ul id="t" title="UL"><li>x</li></ul>')).toBe('UL');
  });
  it('does not name a focusable container from its content either (Chromium 156: generic "" focusable)', () => {
    // Chromium exposes `<div tabindex=0>Open menu</div>` as a focusable generic with an empty name
    // and the text as its StaticText child; so do we, and the tree prints the text as content.
    expect(nameOf('<div id="t" tabindex="0">Open menu</div>')).toBe('');
    expect(nameOf('<p id="t" tabindex="0">Para</p>')).toBe('');
    expect(nameOf('<ul><li id="t" tabindex="0">Item</li></ul>')).toBe('');
    expect(nameOf('<div id="t" tabindex="0" title="Tip">tipped</div>')).toBe('Tip');
  });
  it('does not let a menu inside a label contribute its items', () => {
    expect(
      nameOf(
        '<input id="t" type="checkbox"><label for="t">Flash <span role="menu"><span role="menuitem">1</span></span> times</label>',
      ),
    ).toBe('Flash times');
  });
  it('falls back to the tooltip', () => {
    expect(nameOf('<button id="t" title="Settings"><svg></svg></button>')).toBe('Settings');
  });
  it('honours aria-owns: owned content joins the owner and leaves its DOM parent', () => {
    expect(nameOf('<button id="t" aria-owns="p"></button><div aria-hidden="true"><span id="p">Play</span></div>')).toBe(
      'Play',
    );
    expect(nameOf('<span aria-owns="c"></span><h4 id="t">Speeding <mark id="c">car</mark></h4>')).toBe('Speeding');
  });
  it('reads slotted content of open shadow roots in place', () => {
    document.body.innerHTML = '<div id="t" role="button"><b slot="x">slotted</b></div>';
    const host = document.getElementById('t') as HTMLElement;
    const root = host.attachShadow({ mode: 'open' });
    root.innerHTML = 'before <slot name="x">fallback</slot> after';
    expect(computeName(host, createAxContext(document))).toBe('before slotted after');
  });
});

describe('descriptions and normalisation', () => {
  it('reads aria-describedby, then aria-description, then an unused title', () => {
    document.body.innerHTML = '<button id="t" aria-describedby="d" title="tip">Go</button><p id="d">Starts now</p>';
    expect(computeDescription(document.getElementById('t') as Element)).toBe('Starts now');
    document.body.innerHTML = '<button id="t" title="tip">Go</button>';
    expect(computeDescription(document.getElementById('t') as Element)).toBe('tip');
    document.body.innerHTML = '<button id="t" title="tip"></button>';
    expect(computeDescription(document.getElementById('t') as Element)).toBe('');
  });
  it('collapses ASCII whitespace but keeps non-breaking spaces', () => {
    expect(normalizeName(' a \n\t b\u00a0c ')).toBe('a b\u00a0c');
  });
});

describe('computeFallbackLabel (agent aid, not accname)', () => {
  it('takes the text right before an unlabelled field, else the text after it', () => {
    document.body.innerHTML = '<div>Every <input id="t" value="1"> month(s)</div>';
    const field = document.getElementById('t') as Element;
    expect(computeName(field)).toBe('');
    expect(computeFallbackLabel(field)).toBe('Every');
    document.body.innerHTML = '<div><input id="t" type="checkbox"> Remember me</div>';
    expect(computeFallbackLabel(document.getElementById('t') as Element)).toBe('Remember me');
  });
  it('stops at another control', () => {
    document.body.innerHTML = '<div><input> <input id="t"></div>';
    expect(computeFallbackLabel(document.getElementById('t') as Element)).toBe('');
  });
});

describe('name from heading (w3c/aria#1860)', () => {
  it('dialogs, alertdialogs and articles without an author name take their first heading, depth first', () => {
    document.body.innerHTML = `
      <div role="dialog" id="d"><h2>Delete project?</h2><p>This cannot be undone.</p></div>
      <dialog open id="n"><div><h3>Native</h3></div><h2>Not this</h2></dialog>
      <article id="a"><div role="group"><h3>Deep first</h3></div><h2>Later</h2></article>
      <div role="alertdialog" id="al" aria-label="Author wins"><h2>Heading</h2></div>
      <div role="group" id="g"><h2>Groups do not</h2></div>
      <div role="dialog" id="nested"><div role="dialog"><h2>Inner</h2></div><p>Outer has no heading</p></div>
      <div role="dialog" id="hidden"><h2 hidden>Hidden</h2><h2>Shown</h2></div>`;
    const name = (id: string) => {
      const el = document.getElementById(id);
      if (!el) throw new Error(`no #${id}`);
      return computeName(el);
    };
    expect(name('d')).toBe('Delete project?');
    expect(name('n')).toBe('Native');
    expect(name('a')).toBe('Deep first');
    expect(name('al')).toBe('Author wins');
    expect(name('g')).toBe('');
    expect(name('nested')).toBe('');
    expect(name('hidden')).toBe('Shown');
  });
});
