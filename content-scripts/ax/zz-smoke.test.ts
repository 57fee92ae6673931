// @vitest-environment jsdom
import { test } from 'vitest';
import { generateAccessibilityTree } from './tree';
import { getRefRegistry } from './ref-registry';
import { parseTreeArgs } from '../../src/tree-contract';

test('smoke', () => {
  document.body.innerHTML = `
  <header><nav aria-label="Main"><ul><li><a href="/home">Home</a></li><li><a href="https://x.org/a">Ext</a></li></ul></nav></header>
  <main>
   <h1>Products</h1>
   <p>Hello <b>world</b>! This is text.</p>
   <form><label for=e>Email</label><input id=e type=email placeholder="you@x" value="a@b.c" required>
   <label>Remember <input type=checkbox checked></label>
   <div>Every <input type=text value=1> month(s)</div>
   <select id=s><option>One</option><option selected>Two</option></select>
   <button>Save</button></form>
   <div style="cursor:pointer" onclick="1"><span>Clickable card</span></div>
   <div hidden>secret</div><div aria-hidden="true"><button>Ghost</button></div>
   <table><tr><th>Name</th><th>Age</th></tr><tr><td>Alice</td><td>30</td></tr></table>
   <details><summary>More</summary><p>inside details</p></details>
  </main>
  <div role="dialog" aria-label="Cookies"><p>We use cookies</p><button>Accept</button></div>`;
  const reg = getRefRegistry({});
  const opts = parseTreeArgs({});
  if (!opts.ok) throw new Error('x');
  const r = generateAccessibilityTree(document, opts.data, reg);
  console.log(JSON.stringify(r, null, 1));
  if (r.ok) console.log(r.data.tree);
});
