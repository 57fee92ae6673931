// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { computeRole, explicitRoleTokens, hasPresentationalChildren } from './roles';
import { createAxContext } from './ax-context';

function roleOf(html: string, selector = '#t'): string {
  document.body.innerHTML = html;
  const el = document.querySelector(selector);
  if (!el) throw new Error(`no ${selector}`);
  return computeRole(el, createAxContext(document));
}

beforeEach(() => {
  document.body.innerHTML = '';
});

describe('explicit roles', () => {
  it('takes the first valid token, case-insensitively, skipping unknown and abstract ones', () => {
    expect(roleOf('<div id="t" role="foo BUTTON link">x</div>')).toBe('button');
    expect(roleOf('<nav id="t" role="widget">x</nav>')).toBe('navigation');
    expect(roleOf('<nav id="t" role="&#x2800;">x</nav>')).toBe('navigation');
  });

  it('folds synonyms to the role browsers report', () => {
    expect(roleOf('<div id="t" role="img">x</div>')).toBe('image');
    expect(roleOf('<div id="t" role="presentation">x</div>')).toBe('none');
    expect(roleOf('<ul id="t" role="directory"><li>x</li></ul>')).toBe('list');
  });

  it('only splits on ASCII whitespace', () => {
    document.body.innerHTML = '<div id="t" role="\u00a0button">x</div>';
    expect(explicitRoleTokens(document.getElementById('t') as Element)).toEqual([]);
  });

  it('falls back past region and form when unnamed', () => {
    expect(roleOf('<nav id="t" role="region group">x</nav>')).toBe('group');
    expect(roleOf('<nav id="t" role="region" aria-label="r">x</nav>')).toBe('region');
    expect(roleOf('<nav id="t" role="form">x</nav>')).toBe('navigation');
  });
});

describe('presentational role conflict resolution (WAI-ARIA §4.6)', () => {
  it('keeps none on plain elements', () => {
    expect(roleOf('<h1 id="t" role="none">x</h1>')).toBe('none');
  });
  it('ignores none on focusable elements and on elements with global ARIA attributes', () => {
    expect(roleOf('<h1 id="t" role="none" tabindex="-1">x</h1>')).toBe('heading');
    expect(roleOf('<button id="t" role="presentation">x</button>')).toBe('button');
    expect(roleOf('<p id="t" role="none" aria-label="x">x</p>')).toBe('paragraph');
  });
  it('makes the required children of a presentational list or table presentational', () => {
    expect(roleOf('<ul role="none"><li id="t">x</li></ul>')).toBe('none');
    expect(roleOf('<table role="presentation"><tr><td id="t">x</td></tr></table>')).toBe('none');
  });
});

describe('required context (WAI-ARIA §5.2.6)', () => {
  it('drops orphaned item roles and falls back to the implicit role', () => {
    expect(roleOf('<button id="t" role="tab">x</button>')).toBe('button');
    expect(roleOf('<p id="t" role="listitem">x</p>')).toBe('paragraph');
    expect(roleOf('<nav id="t" role="menuitem">x</nav>')).toBe('navigation');
  });
  it('accepts items in context, through generic wrappers and owning groups', () => {
    expect(roleOf('<div role="tablist"><div><div id="t" role="tab">x</div></div></div>')).toBe('tab');
    expect(roleOf('<div role="menu"><div role="group"><div id="t" role="menuitem">x</div></div></div>')).toBe(
      'menuitem',
    );
    expect(roleOf('<div role="listbox"><div id="t" role="option">x</div></div>')).toBe('option');
  });
});

describe('implicit roles (HTML-AAM)', () => {
  const cases: [string, string][] = [
    ['<a id="t" href="#">x</a>', 'link'],
    ['<a id="t">x</a>', 'generic'],
    ['<button id="t">x</button>', 'button'],
    ['<input id="t">', 'textbox'],
    ['<input id="t" type="search">', 'searchbox'],
    ['<input id="t" type="text" list="l"><datalist id="l"></datalist>', 'combobox'],
    ['<input id="t" type="checkbox">', 'checkbox'],
    ['<input id="t" type="checkbox" switch>', 'switch'],
    ['<input id="t" type="range">', 'slider'],
    ['<input id="t" type="number">', 'spinbutton'],
    ['<input id="t" type="submit">', 'button'],
    ['<select id="t"><option>a</option></select>', 'combobox'],
    ['<select id="t" size="3"><option>a</option></select>', 'listbox'],
    ['<select id="t" multiple><option>a</option></select>', 'listbox'],
    ['<textarea id="t"></textarea>', 'textbox'],
    ['<h3 id="t">x</h3>', 'heading'],
    ['<img id="t" alt="x">', 'image'],
    ['<img id="t" alt="">', 'none'],
    ['<img id="t" alt="" aria-label="logo">', 'image'],
    ['<ul id="t"><li>x</li></ul>', 'list'],
    ['<ul><li id="t">x</li></ul>', 'listitem'],
    ['<div><li id="t">x</li></div>', 'generic'],
    ['<nav id="t">x</nav>', 'navigation'],
    ['<main id="t">x</main>', 'main'],
    ['<header id="t">x</header>', 'banner'],
    ['<article><header id="t">x</header></article>', 'sectionheader'],
    ['<footer id="t">x</footer>', 'contentinfo'],
    ['<section id="t">x</section>', 'generic'],
    ['<section id="t" aria-label="News">x</section>', 'region'],
    ['<form id="t"></form>', 'generic'],
    ['<form id="t" aria-label="Login"></form>', 'form'],
    ['<aside id="t">x</aside>', 'complementary'],
    ['<article><aside id="t">x</aside></article>', 'generic'],
    ['<dialog id="t">x</dialog>', 'dialog'],
    ['<fieldset id="t"></fieldset>', 'group'],
    ['<details id="t"><summary>s</summary></details>', 'group'],
    ['<progress id="t"></progress>', 'progressbar'],
    ['<hr id="t">', 'separator'],
    ['<p id="t">x</p>', 'paragraph'],
    ['<div id="t">x</div>', 'generic'],
    ['<span id="t">x</span>', 'generic'],
    ['<iframe id="t"></iframe>', 'iframe'],
    ['<div id="t" draggable="true">x</div>', 'group'],
  ];
  it.each(cases)('%s → %s', (html, role) => {
    expect(roleOf(html)).toBe(role);
  });

  it('maps table parts, with gridcell inside a grid and row headers beside data cells', () => {
    const table =
      '<table><thead><tr><th id="ch">A</th></tr></thead><tbody><tr id="r"><th id="rh">1</th><td id="c">2</td></tr></tbody></table>';
    expect(roleOf(table, '#ch')).toBe('columnheader');
    expect(roleOf(table, '#rh')).toBe('rowheader');
    expect(roleOf(table, '#c')).toBe('cell');
    expect(roleOf(table, '#r')).toBe('row');
    expect(roleOf(table, 'tbody')).toBe('rowgroup');
    expect(roleOf('<table role="grid"><tr><td id="t">x</td></tr></table>')).toBe('gridcell');
  });

  it('maps SVG per SVG-AAM: named groups and links count, bare shapes do not', () => {
    expect(roleOf('<svg><g id="t" aria-label="g"><circle r="1"/></g></svg>')).toBe('group');
    expect(roleOf('<svg><g id="t"><circle r="1"/></g></svg>')).toBe('generic');
    expect(roleOf('<svg><a id="t" href="#"><circle r="1"/></a></svg>')).toBe('link');
  });
});

it('does not loop when an img names itself through aria-labelledby', () => {
  expect(roleOf('<img id="t" alt="" aria-labelledby="t" title="x">')).toMatch(/^(image|none)$/);
});

it('knows which roles make their children presentational', () => {
  expect(hasPresentationalChildren('button')).toBe(true);
  expect(hasPresentationalChildren('image')).toBe(true);
  expect(hasPresentationalChildren('link')).toBe(false);
  expect(hasPresentationalChildren('list')).toBe(false);
});
