// The panel renders page- and model-controlled strings (tool cards, tree viewer, debug log, approval
// prompts) as text through Preact, which escapes them. The one HTML sink is MarkdownView, fed only by
// the allow-list sanitizer (lib/markdown.ts). This guard keeps it that way: a new HTML sink or a
// fetching element in a component must be a deliberate, reviewed change (docs/security-panel.md).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.dirname(new URL(import.meta.url).pathname);

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return /\.(tsx?|html)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

const SINKS = [
  /dangerouslySetInnerHTML/,
  /\.innerHTML\s*=/,
  /\.outerHTML\s*=/,
  /insertAdjacentHTML/,
  /document\.write/,
  /createContextualFragment/,
  /<img\b/,
  /<(?:iframe|video|audio|object|embed|picture|source)\b/,
  /\b(?:src|srcSet|srcset|background|poster)=\{/,
  /\bnew Image\(/,
];

describe('panel HTML sinks', () => {
  it('only MarkdownView sets HTML, and no component renders a fetching element', () => {
    const hits: string[] = [];
    for (const file of sources(ROOT)) {
      const rel = path.relative(ROOT, file);
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          if (!/^\s*(?:\/\/|\/?\*)/.test(line) && SINKS.some((re) => re.test(line)))
            hits.push(`${rel}:${i + 1}: ${line.trim()}`);
        });
    }
    expect(hits).toEqual([
      // Screenshot thumbnails: the src is a blob: URL the component mints from worker memory (docs/vision.md).
      expect.stringMatching(/^components\/image-thumb\.tsx:\d+: <img src=\{state\.url\} alt=/),
      expect.stringMatching(/^components\/markdown-view\.tsx:\d+: .*dangerouslySetInnerHTML=\{\{ __html: html \}\}/),
    ]);
  });
});
