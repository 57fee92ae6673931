// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { describeElement } from './describe';
import { computeRole } from './roles';
import { computeStates, computeValue } from './states';
import { createAxContext } from './ax-context';

function setup(html: string, selector = '#t'): { el: Element; role: string } {
  document.body.innerHTML = html;
  const el = document.querySelector(selector);
  if (!el) throw new Error(`no ${selector}`);
  return { el, role: computeRole(el, createAxContext(document)) };
}
function states(html: string, selector = '#t') {
  const { el, role } = setup(html, selector);
  return computeStates(el, role);
}
function value(html: string, selector = '#t') {
  const { el, role } = setup(html, selector);
  return computeValue(el, role);
}

describe('computeStates', () => {
  it('reads native and ARIA checked states, mixed included', () => {
    expect(states('<input id="t" type="checkbox" checked>').checked).toBe('true');
    expect(states('<input id="t" type="radio">').checked).toBe('false');
    expect(states('<div id="t" role="checkbox" aria-checked="mixed"></div>').checked).toBe('mixed');
    expect(states('<div id="t" role="checkbox"></div>').checked).toBe('false');
    const { el, role } = setup('<input id="t" type="checkbox">');
    (el as HTMLInputElement).indeterminate = true;
    expect(computeStates(el, role).checked).toBe('mixed');
  });
  it('reports pressed only on buttons', () => {
    expect(states('<button id="t" aria-pressed="true">B</button>').pressed).toBe('true');
    expect(states('<div id="t" role="button">B</div>').pressed).toBeUndefined();
  });
  it('reports expanded from aria-expanded, <details> and <select>', () => {
    expect(states('<button id="t" aria-expanded="false">M</button>').expanded).toBe(false);
    expect(states('<details open><summary id="t">S</summary></details>').expanded).toBe(true);
    expect(states('<select id="t"><option>a</option></select>').expanded).toBe(false);
  });
  it('reports selection of options and tabs', () => {
    expect(states('<select><option>a</option><option id="t" selected>b</option></select>').selected).toBe(true);
    expect(states('<div role="tablist"><div id="t" role="tab" aria-selected="true">T</div></div>').selected).toBe(true);
  });
  it('inherits disabled from a disabled fieldset and from aria-disabled ancestors', () => {
    expect(states('<fieldset disabled><input id="t"></fieldset>').disabled).toBe(true);
    expect(states('<div aria-disabled="true"><div id="t" role="button">x</div></div>').disabled).toBe(true);
    expect(states('<button id="t">x</button>').disabled).toBeUndefined();
  });
  it('reports required, readonly, invalid, level and current', () => {
    const s = states('<input id="t" required readonly aria-invalid="true">');
    expect([s.required, s.readonly, s.invalid]).toEqual([true, true, true]);
    expect(states('<h3 id="t">x</h3>').level).toBe(3);
    expect(states('<div id="t" role="heading">x</div>').level).toBe(2);
    expect(states('<a id="t" href="/" aria-current="page">Home</a>').current).toBe('page');
  });
  it('reports focus', () => {
    const { el, role } = setup('<input id="t">');
    (el as HTMLInputElement).focus();
    expect(computeStates(el, role).focused).toBe(true);
  });
});

describe('computeValue', () => {
  it('reads text fields and hides passwords', () => {
    const { el, role } = setup('<input id="t">');
    (el as HTMLInputElement).value = 'typed';
    expect(computeValue(el, role)).toBe('typed');
    expect(value('<input id="t" type="password" value="hunter2">')).toBe('••••');
    expect(value('<input id="t" type="password">')).toBeUndefined();
  });
  it("reads a select's chosen option and ranges", () => {
    expect(value('<select id="t"><option>One</option><option selected>Two</option></select>')).toBe('Two');
    expect(value('<div id="t" role="slider" aria-valuenow="4" aria-valuetext="four"></div>')).toBe('four');
    expect(value('<input id="t" type="range" min="0" max="10" value="3">')).toBe('3');
    expect(value('<progress id="t" value="30" max="100"></progress>')).toBe('30');
  });
});

it('describeElement puts it together', () => {
  document.body.innerHTML =
    '<label for="t">Email</label><input id="t" type="email" required aria-describedby="h"><p id="h">We never share it</p>';
  const d = describeElement(document.getElementById('t') as Element);
  expect(d).toEqual({ role: 'textbox', name: 'Email', states: { required: true }, description: 'We never share it' });
});
