// @vitest-environment jsdom
/** get_accessibility_tree's `omit` and the low-content notice, on jsdom (no layout needed for either). */
import { beforeEach, describe, expect, test } from 'vitest';
import { parseTreeArgs } from '../../shared/tree-args';
import type { TreeResult } from '../../shared/tree-contract';
import { getRefRegistry, type RefRegistry } from './ref-registry';
import { generateAccessibilityTree } from './tree';

let registry: RefRegistry;

beforeEach(() => {
  document.body.innerHTML = '';
  registry = getRefRegistry({});
});

function read(html: string, args: Record<string, unknown> = {}): TreeResult {
  document.body.innerHTML = html;
  const options = parseTreeArgs(args);
  if (!options.ok) throw new Error(options.error.message);
  const r = generateAccessibilityTree(document, options.data, registry);
  if (!r.ok) throw new Error(r.error.message);
  return r.data;
}

const PAGE = `
  <main><h1>Timeline</h1>
    <ul aria-label="Clips">
      <li data-testid="clip-thumbnail-1"><button>Clip one</button></li>
      <li data-testid="clip-thumbnail-2"><button>Clip two</button></li>
    </ul>
    <button>Export</button>
  </main>
  <footer><a href="/a">About</a><a href="/b">Blog</a></footer>`;

describe('omit', () => {
  test('drops subtrees by test id, role or name (case-insensitive) and says how many', () => {
    const r = read(PAGE, { omit: ['CLIP-THUMBNAIL', 'contentinfo'] });
    expect(r.tree).not.toMatch(/Clip one|Clip two|About|Blog/);
    expect(r.tree).toMatch(/button "Export"/);
    expect(r.notice).toMatch(/omit matched 3 subtree\(s\), \d+ node\(s\) total/);
    const byName = read(PAGE, { omit: ['export'] });
    expect(byName.tree).not.toMatch(/Export/);
    expect(byName.tree).toMatch(/Clip one/);
  });

  test('omit travels in continuationArgs and rejects bad patterns', () => {
    const rows = Array.from({ length: 300 }, (_, i) => `<p>Paragraph number ${i} with some words</p>`).join('');
    const r = read(`${rows}<footer>Foot</footer>`, { omit: ['contentinfo'], maxChars: 500 });
    expect(r.continuationArgs?.omit).toEqual(['contentinfo']);
    expect(parseTreeArgs({ omit: [''] }).ok).toBe(false);
    expect(parseTreeArgs({ omit: Array.from({ length: 21 }, () => 'x') }).ok).toBe(false);
  });
});

describe('low-content notice', () => {
  test('a big page with almost no controls or text says it may be loading', () => {
    const skeleton = Array.from({ length: 400 }, () => '<div class="skeleton"><div></div></div>').join('');
    const r = read(`<div id="app">${skeleton}<button>Menu</button></div>`);
    expect(r.notice).toMatch(/low content: only 1 control\(s\) among \d+ elements/);
    expect(r.notice).toMatch(/wait_for_stable/);
  });

  test('an article with few controls but plenty of text gets no notice, nor does a small page', () => {
    const article = Array.from({ length: 400 }, (_, i) => `<p>Sentence ${i} of a long article.</p>`).join('');
    expect(read(`<article>${article}</article>`).notice ?? '').not.toMatch(/low content/);
    expect(read('<button>One</button>').notice ?? '').not.toMatch(/low content/);
  });
});
