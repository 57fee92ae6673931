// Deterministic synthetic pages with a realistic mix of content: navigation, article text with
// inline links, product cards, a data table, a form, deeply nested layout divs, hidden menus,
// icon-only buttons, clickable divs and a footer. `syntheticPage(n)` returns HTML with about n elements.

const WORDS =
  'order account market value table stream river garden paper window signal network summer winter music light shadow engine basket ticket letter forest'.split(
    ' ',
  );

function rng(seed) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 4294967296;
  };
}

/** Builds the page block by block, counting the elements it emits. */
export function syntheticPage(target, seed = 1) {
  const rand = rng(seed);
  const word = () => WORDS[Math.floor(rand() * WORDS.length)];
  const words = (n) => Array.from({ length: n }, word).join(' ');
  let count = 0;
  const el = (n = 1) => {
    count += n;
  };
  const out = [];
  let id = 0;

  const nav = (k) => {
    el(2 + k * 2);
    return `<nav aria-label="Section ${id++}"><ul>${Array.from({ length: k }, (_, i) => `<li><a href="/s/${id}/${i}">${words(2)}</a></li>`).join('')}</ul></nav>`;
  };
  const article = () => {
    const paras = [];
    for (let i = 0; i < 4; i++) {
      el(3);
      paras.push(
        `<p>${words(12)} <a href="/a/${id++}">${words(2)}</a> ${words(8)} <strong>${word()}</strong> ${words(10)}.</p>`,
      );
    }
    el(2);
    return `<article><h2>${words(4)}</h2>${paras.join('')}</article>`;
  };
  const cards = () => {
    const items = [];
    for (let i = 0; i < 6; i++) {
      el(8);
      items.push(
        `<li class="card"><div class="card-body"><img src="data:," alt="${words(2)}" width="40" height="40"><h3>${words(3)}</h3>` +
          `<p>${words(10)}</p><span class="price">$${(rand() * 100).toFixed(2)}</span><button type="button">Add to cart</button></div></li>`,
      );
    }
    el(1);
    return `<ul class="cards">${items.join('')}</ul>`;
  };
  const table = () => {
    const rows = [];
    for (let r = 0; r < 10; r++) {
      el(7);
      rows.push(
        `<tr><td><input type="checkbox" aria-label="Select row ${id}-${r}"></td><td><a href="/r/${id}/${r}">#${id * 100 + r}</a></td>` +
          `<td>${words(2)}</td><td>${(rand() * 1000).toFixed(0)}</td><td>${word()}</td></tr>`,
      );
    }
    el(9);
    id++;
    return `<table><thead><tr><th>Pick</th><th>Id</th><th>Name</th><th>Qty</th><th>Tag</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
  };
  const form = () => {
    el(16);
    const f = id++;
    return (
      `<form action="/f/${f}"><fieldset><legend>${words(2)}</legend>` +
      `<label for="n${f}">Name</label><input id="n${f}" name="name">` +
      `<label>Email <input type="email" name="email"></label>` +
      `<select name="kind" aria-label="Kind"><option>one</option><option selected>two</option></select>` +
      `<label><input type="checkbox" name="ok"> I agree</label>` +
      `<textarea name="msg" placeholder="Message"></textarea>` +
      `<button type="submit">Send</button></fieldset></form>`
    );
  };
  const nested = () => {
    // Layout soup: wrappers inside wrappers around a little content, as component frameworks emit.
    const depth = 4 + Math.floor(rand() * 6);
    el(depth + 3);
    return `${'<div class="wrap">'.repeat(depth)}<span>${words(3)}</span><div class="clickable" style="cursor:pointer">${words(2)}</div><span aria-hidden="true">★</span>${'</div>'.repeat(depth)}`;
  };
  const hiddenMenu = () => {
    el(2 + 5 * 2 + 1);
    return `<div class="menu" style="display:none"><ul>${Array.from({ length: 5 }, (_, i) => `<li><a href="/m/${i}">${words(2)}</a></li>`).join('')}</ul><button>Close</button></div>`;
  };
  const iconButtons = () => {
    el(6);
    return `<div role="toolbar" aria-label="Tools ${id++}"><button aria-label="Bold"><svg width="10" height="10" aria-hidden="true"></svg></button><button aria-label="Italic"><svg width="10" height="10" aria-hidden="true"></svg></button><button title="Underline">U</button></div>`;
  };

  el(4); // html, head, title, body
  out.push(`<header>${nav(8)}</header>`);
  el(2);
  out.push('<main>');
  const blocks = [article, cards, table, form, nested, nested, hiddenMenu, iconButtons];
  let b = 0;
  while (count < target - 30) {
    const kind = blocks[b++ % blocks.length];
    if (b % 8 === 1) {
      el(2);
      out.push(`<section aria-label="Part ${id++}"><h2>${words(3)}</h2>`);
      out.push(kind());
      out.push('</section>');
    } else {
      out.push(kind());
    }
  }
  out.push('</main>');
  el(1);
  out.push(`<footer>${nav(10)}</footer>`);
  return {
    elements: count,
    html: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Synthetic ${target} elements</title></head><body>${out.join('\n')}</body></html>`,
  };
}
