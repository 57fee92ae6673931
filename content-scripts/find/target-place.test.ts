// @vitest-environment jsdom
/**
 * targetPlace: the description a workflow stores for an element (role and name from the tree's own
 * computation, find's collection context, nearest heading, enclosing landmark, a structural CSS hint).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { targetPlace } from './target-place';

beforeEach(() => {
  document.body.innerHTML = '';
});

function el(selector: string): Element {
  const found = document.querySelector(selector);
  if (!found) throw new Error(`no ${selector}`);
  return found;
}

describe('targetPlace', () => {
  it('names the role, accessible name, heading before and landmark around a control', () => {
    document.body.innerHTML = `
      <nav aria-label="Main"><a href="/">Home</a></nav>
      <main><h2>Billing</h2><form aria-label="Card"><label>Card number <input id="cc" class="x"></label>
      <button id="go">Pay now</button></form></main>`;
    expect(targetPlace(el('#cc'))).toMatchObject({
      role: 'textbox',
      name: 'Card number',
      heading: 'Billing',
      landmark: 'form "Card"',
    });
    const pay = targetPlace(el('#go'));
    expect(pay).toMatchObject({ role: 'button', name: 'Pay now', heading: 'Billing' });
    // Structure only: no ids or classes in the hint, so a renamed class does not break it.
    expect(pay.css).toBe('body > main > form > button');
    expect(targetPlace(el('a'))).toMatchObject({ role: 'link', name: 'Home', landmark: 'navigation "Main"' });
    expect(targetPlace(el('a')).heading).toBeUndefined();
  });

  it("carries find's collection context for a control in a table row", () => {
    document.body.innerHTML = `<table aria-label="Orders"><tr><th>Order</th><th>Action</th></tr>
      <tr><td>May 13</td><td><button id="a">Cancel</button></td></tr>
      <tr><td>May 14</td><td><button id="b">Cancel</button></td></tr></table>`;
    const a = targetPlace(el('#a'));
    const b = targetPlace(el('#b'));
    expect(a.context).toMatch(/in table "Orders" row "May 13"/);
    expect(b.context).toMatch(/row "May 14"/);
    expect(a.css).not.toBe(b.css);
  });

  it('marks a password field as secret', () => {
    document.body.innerHTML =
      '<label>Password <input id="pw" type="password"></label><label>User <input id="u"></label>';
    expect(targetPlace(el('#pw')).secret).toBe(true);
    expect(targetPlace(el('#u')).secret).toBeUndefined();
  });
});
