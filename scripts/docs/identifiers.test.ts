import { describe, expect, it } from 'vitest';
import {
  allowed,
  extractLinks,
  extractSpans,
  judgeSpan,
  namesItsCode,
  permissionTableProblems,
  type World,
} from './identifiers.mjs';

const paths = [
  'background',
  'background/agent',
  'background/policy/gate.ts',
  'background/frames',
  'background/frames/ref-floor.ts',
  'tests',
  'tests/e2e',
  'tests/e2e/agent-tabs.e2e.ts',
  'assets',
  'assets/icons',
  'assets/icons/icon-16.png',
  'assets/icons/icon-32.png',
];
const world: World = {
  paths,
  pathSet: new Set(paths),
  topLevel: new Set(['background', 'tests', 'assets', 'package.json']),
  tools: new Set(['switch_tab', 'click_ax']),
  settings: new Set(['planFirst', 'vision']),
  scripts: new Set(['lint', 'test', 'docs']),
  wb: new Set(['tool', 'settings', 'run']),
  words: new Set(['runTool', 'stale_ref', 'AxContext', 'nameLookup']),
};
/** The identifiers a one-line doc names that do not exist. */
const missing = (line: string) => extractSpans(line).flatMap((s) => judgeSpan(s, world).map((p) => p.id));

describe('doc identifier extraction', () => {
  it('finds inline spans with their line and the prose around them', () => {
    const spans = extractSpans('intro\nthe `vision` setting and ``a `b` c``');
    expect(spans.map((s) => [s.line, s.text])).toEqual([
      [2, 'vision'],
      [2, 'a `b` c'],
    ]);
    expect(spans[0]?.after).toBe(' setting and ``a `b` c``');
  });

  it('skips fenced examples but reads shell blocks line by line for commands', () => {
    const doc = ['```text', 'button "Save" `x` [ref_12]', '```', '```sh', '# a comment', '$ npm run nope', '```'].join(
      '\n',
    );
    expect(extractSpans(doc).map((s) => [s.line, s.text, s.shell])).toEqual([[6, 'npm run nope', true]]);
  });
});

describe('doc identifier matching', () => {
  it('passes repo paths, short tails, folders and globs that exist', () => {
    expect(
      missing(
        '`background/policy/gate.ts` `frames/ref-floor.ts` `background/frames/` `tests/e2e/agent-*.e2e.ts` `assets/icons/icon-{16,32}.png` `gate.ts`',
      ),
    ).toEqual([]);
  });

  it('fails a doc naming a missing file, folder, tail or glob match', () => {
    expect(
      missing(
        '`background/agent/nope.ts` `background/policy/` `frames/nope.ts` `tests/e2e/zz-*.e2e.ts` `assets/icons/icon-{16,99}.png` `nope.ts`',
      ),
    ).toEqual([
      'background/agent/nope.ts',
      'background/policy/',
      'frames/nope.ts',
      'tests/e2e/zz-*.e2e.ts',
      'assets/icons/icon-{16,99}.png',
      'nope.ts',
    ]);
  });

  it('leaves alone what is no repo path: URLs, MIME types, attribute lists, tree lines, outside paths', () => {
    expect(
      missing(
        '`https://x.example/a.ts` `text/event-stream` `aria-pressed/checked` `button "Save" [ref_12]` `/api/events` `../shared/corpora` `content.js`',
      ),
    ).toEqual([]);
  });

  it('checks npm scripts and repo paths in commands, not the reader’s own files', () => {
    expect(missing('`npm run lint` `npm test` `npm run docs -- --check` `npm ci`')).toEqual([]);
    expect(missing('`npm run nope` `npx vitest run tests/e2e/gone.e2e.ts` `npm run docs -- page.html`')).toEqual([
      'npm run nope',
      'tests/e2e/gone.e2e.ts',
    ]);
  });

  it('checks tools where the prose or a call names one', () => {
    expect(missing("the `switch_tab` tool, `click_ax {ref_id}`, `wb.tool('click_ax', {})`")).toEqual([]);
    expect(missing("the `switch_tabz` tool, `wb.tool('clik', {})`")).toEqual(['switch_tabz', 'clik']);
  });

  it('checks setting keys and wb console members', () => {
    expect(missing('the `planFirst` setting, `wb.settings.set({planFirst: true})`, `wb.run`')).toEqual([]);
    // Storage keys that start with `wb.` are no console members.
    expect(missing('`wb.read-origins.<taskId>` `wb.provenance.<taskId>` `wb.trust-grants`')).toEqual([]);
    expect(missing('the `planFurst` setting, `wb.settings.set({bogus: 1})`, `wb.walk()`')).toEqual([
      'planFurst',
      'bogus',
      'wb.walk',
    ]);
  });

  it('checks code identifiers against the words of the source', () => {
    expect(missing('`runTool` `stale_ref` `AxContext.nameLookup` `h1` `fN` `display: none`')).toEqual([]);
    expect(missing('`runTools` `made_up_code` `AxContext.nameLookups`')).toEqual([
      'runTools',
      'made_up_code',
      'nameLookups (in AxContext.nameLookups)',
    ]);
  });

  it('allows listed names exactly or by prefix', () => {
    const list = [
      { id: 'x.test.ts', why: 'placeholder' },
      { prefix: 'dist/', why: 'build output' },
    ];
    expect([allowed('x.test.ts', list), allowed('dist/manifest.json', list), allowed('y.test.ts', list)]).toEqual([
      true,
      true,
      false,
    ]);
  });
});

describe('doc pages name their code', () => {
  it('wants a Code: line with a backticked name before the first section, unless the page is generated', () => {
    expect(namesItsCode('# T\n\nCode: `shared/x.ts`.\n\n## A\n')).toBe(true);
    expect(namesItsCode('# T\n\nIntro. Code: `background/pdf/`.\n')).toBe(true);
    expect(namesItsCode('# T\n\nIntro.\n\n## A\n\nCode: `shared/x.ts`\n')).toBe(false);
    expect(namesItsCode('# T\n\nCode: the worker.\n')).toBe(false);
    expect(namesItsCode('# Tools\n\n<!-- Generated by `npm run docs` -->\n')).toBe(true);
  });
});

describe('the permissions page against the manifest', () => {
  const table = [
    '| permission | why |',
    '| --- | --- |',
    '| `storage` | settings |',
    '| host `<all_urls>` | pages |',
  ].join('\n');
  it('passes when every permission asked for has its row and no other row exists', () => {
    expect(permissionTableProblems(table, { permissions: ['storage'], host_permissions: ['<all_urls>'] })).toEqual([]);
  });
  it('names a permission without a row and a row without a permission', () => {
    const problems = permissionTableProblems(table, { permissions: ['storage', 'alarms'] });
    expect(problems.map((p) => p.id)).toEqual(['alarms', '<all_urls>']);
  });
});

describe('doc links', () => {
  it('lists relative link targets without their anchors, and skips web links, anchors and code', () => {
    const doc = [
      'See [a](tree.md#grammar), [b](../README.md "title"), [c](https://x.example/a.md), [d](#here), [m](mailto:a@b.c).',
      '`[e](in-code.md)` <img src="img/p.png" width="4">',
      '```md',
      '[f](fenced.md)',
      '```',
    ].join('\n');
    expect(extractLinks(doc)).toEqual([
      { line: 1, target: 'tree.md' },
      { line: 1, target: '../README.md' },
      { line: 2, target: 'img/p.png' },
    ]);
  });
});
