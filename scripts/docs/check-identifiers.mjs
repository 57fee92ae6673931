#!/usr/bin/env node
// `node scripts/docs/check-identifiers.mjs` (part of `npm run lint`): fails when a hand-written doc
// names, in backticks, a file, folder, tool, setting, npm script, `wb.` console member or code
// identifier that does not exist, so prose cannot silently drift from the code. It reads every
// Markdown file of the repo except CHANGELOG.md (history names what used to be). What is judged
// and how: identifiers.mjs. Deliberate non-existent names: identifier-allow.json, each with a reason.
// It also fails when a hand-written page under docs/ does not open with a `Code:` line naming the
// files it describes (pages still waiting for theirs are listed in the same file, with a reason), and
// when docs/permissions.md's table and manifest.json's permissions differ.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { loadSources, ROOT } from './load-sources.mjs';
import {
  allowed,
  extractLinks,
  extractSpans,
  judgeSpan,
  namesItsCode,
  permissionTableProblems,
} from './identifiers.mjs';

/** Build and test outputs and dependencies: not the repo's own content. */
const SKIP_DIRS = new Set(['.git', 'node_modules', 'dist', 'dist-firefox', 'coverage', '.out']);
const SKIP_DOCS = new Set(['CHANGELOG.md']);
const CODE_FILE = /\.(tsx?|mjs|js|json|html)$/;

function walk(dir, out) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIP_DIRS.has(entry.name)) continue;
    const rel = path.relative(ROOT, path.join(dir, entry.name));
    out.push(rel);
    if (entry.isDirectory()) walk(path.join(dir, entry.name), out);
  }
  return out;
}

async function buildWorld(paths) {
  const { allTools, createConsoleApi, SettingsSchema, PublicSettingsSchema } = await loadSources();
  const words = new Set();
  for (const p of paths) {
    if (!CODE_FILE.test(p) || p.startsWith('docs/') || p.endsWith('package-lock.json')) continue;
    for (const w of readFileSync(path.join(ROOT, p), 'utf8').match(/[A-Za-z_$][\w$]*/g) ?? []) words.add(w);
  }
  const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
  return {
    paths,
    pathSet: new Set(paths),
    topLevel: new Set(readdirSync(ROOT).filter((n) => n !== 'node_modules')),
    tools: new Set(allTools().map((t) => t.name)),
    settings: new Set([...Object.keys(SettingsSchema.shape), ...Object.keys(PublicSettingsSchema.shape)]),
    scripts: new Set(Object.keys(pkg.scripts ?? {})),
    wb: new Set(Object.keys(createConsoleApi())),
    words,
  };
}

const paths = walk(ROOT, []);
const world = await buildWorld(paths);
const allowFile = path.join(ROOT, 'scripts/docs/identifier-allow.json');
const allowFileData = JSON.parse(readFileSync(allowFile, 'utf8'));
const allowList = allowFileData.allow;
/** Pages not yet opening with their `Code:` line, each with a reason (another part's page, for now). */
const withoutCode = allowFileData.withoutCodeLine ?? [];
const badEntries = [...allowList, ...withoutCode].filter(
  (e) =>
    typeof e.why !== 'string' ||
    !e.why.trim() ||
    [e.id, e.prefix, e.page].filter((x) => typeof x === 'string').length !== 1,
);
if (badEntries.length) {
  console.error(
    `scripts/docs/identifier-allow.json: each entry needs one of id, prefix or page, and a why: ${JSON.stringify(badEntries)}`,
  );
  process.exit(1);
}
const docs = paths.filter((p) => p.endsWith('.md') && !SKIP_DOCS.has(path.basename(p)));

const problems = [];
const used = new Set();
for (const doc of docs) {
  const text = readFileSync(path.join(ROOT, doc), 'utf8');
  // Relative links name files too: each must resolve from the doc's own folder.
  for (const link of extractLinks(text)) {
    const target = path.relative(ROOT, path.resolve(path.dirname(path.join(ROOT, doc)), link.target));
    if (!world.pathSet.has(target.replace(/\/$/, '')))
      problems.push(`${doc}:${link.line}: link \`${link.target}\`: no such file or folder`);
  }
  for (const span of extractSpans(text)) {
    for (const p of judgeSpan(span, world)) {
      const entry = allowList.find((a) => allowed(p.id, [a]));
      if (entry) used.add(entry);
      else problems.push(`${doc}:${span.line}: \`${p.id}\`: ${p.why}`);
    }
  }
}
// Each hand-written page under docs/ (decision records are history, not descriptions) names its code.
for (const doc of docs.filter((d) => /^docs\/[^/]+\.md$/.test(d))) {
  const exempt = withoutCode.find((e) => e.page === doc);
  const names = namesItsCode(readFileSync(path.join(ROOT, doc), 'utf8'));
  if (!names && !exempt)
    problems.push(`${doc}:1: no \`Code:\` line naming the files this page describes (put one under the title)`);
  if (names && exempt)
    problems.push(`scripts/docs/identifier-allow.json: ${doc} names its code now: remove it from withoutCodeLine`);
}
// The permissions page against manifest.json: one row per permission asked for, none for another.
{
  const manifest = JSON.parse(readFileSync(path.join(ROOT, 'manifest.json'), 'utf8'));
  for (const p of permissionTableProblems(readFileSync(path.join(ROOT, 'docs/permissions.md'), 'utf8'), manifest)) {
    problems.push(`docs/permissions.md: \`${p.id}\`: ${p.why}`);
  }
}
for (const a of allowList) {
  if (!used.has(a))
    problems.push(
      `scripts/docs/identifier-allow.json: \`${a.id ?? a.prefix}\` is allowed but no doc names it any more: remove the entry`,
    );
}
if (problems.length) {
  console.error(problems.join('\n'));
  console.error(
    `docs: ${problems.length} problem(s) above: fix the doc (or the name), or, for a deliberate exception, add it with a reason to scripts/docs/identifier-allow.json (docs/writing-docs.md)`,
  );
  process.exit(1);
}
console.log(
  `docs: every backticked identifier in ${docs.length} Markdown files names something that exists, and every page names its code`,
);
