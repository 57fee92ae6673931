#!/usr/bin/env node
// `npm run durations`: after a full `npm test`, writes docs/test-durations.json from the run's own
// records (tests/.out/vitest.json: each file's start and end; tests/.out/test-run.json: each step's
// wall time and the machine's load), then `npm run docs` renders the table in docs/testing.md.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const vitestFile = path.join(ROOT, 'tests/.out/vitest.json');
const runFile = path.join(ROOT, 'tests/.out/test-run.json');
for (const f of [vitestFile, runFile]) {
  if (!existsSync(f)) {
    console.error(`durations: ${path.relative(ROOT, f)} is missing: run the full npm test first`);
    process.exit(1);
  }
}
const vitest = JSON.parse(readFileSync(vitestFile, 'utf8'));
const run = JSON.parse(readFileSync(runFile, 'utf8'));

function project(rel) {
  if (rel.startsWith('tests/e2e-firefox/')) return 'e2e-firefox';
  if (rel.startsWith('tests/e2e/')) return 'e2e';
  return 'unit';
}

/**
 * The checkout the run was made in: the deepest folder every test file is under (files live in
 * background/, content-scripts/, shared/, tests/…, so that is the repository's root). A run made in
 * another clone (CI's fresh clone, a new user's) names its files there, not in this checkout.
 */
function runRoot(names) {
  let common = null;
  for (const name of names) {
    const parts = path.dirname(name).split(path.sep);
    if (common === null) common = parts;
    else {
      let i = 0;
      while (i < common.length && i < parts.length && common[i] === parts[i]) i += 1;
      common = common.slice(0, i);
    }
  }
  return common && common.length > 1 ? common.join(path.sep) : ROOT;
}
const root = runRoot(vitest.testResults.map((r) => r.name));

const files = vitest.testResults
  .map((r) => {
    const file = path.relative(root, r.name);
    return {
      file,
      project: project(file),
      tests: r.assertionResults.length,
      seconds: Math.max(0, (r.endTime - r.startTime) / 1000),
    };
  })
  .sort((a, b) => a.file.localeCompare(b.file));
// The commit the run recorded (scripts/test-all.mjs); this checkout's HEAD for records from before it did.
const commit =
  typeof run.commit === 'string'
    ? run.commit
    : execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
const out = { ...run, commit, files };
writeFileSync(path.join(ROOT, 'docs/test-durations.json'), `${JSON.stringify(out, null, 2)}\n`);
console.log(`durations: wrote docs/test-durations.json (${files.length} files); now run npm run docs`);
