#!/usr/bin/env node
// `npm run docs [-- --check]`: writes the generated parts of docs/ from their sources, so they
// cannot drift from the code:
//   - docs/tools.md from the tool registry (background/tools): name, description, arguments (from
//     each tool's zod schema, as the model gets them), modes, tiers and read-only;
//   - the benchmark table in docs/benchmarks.md (between the bench markers) from
//     docs/bench-results.json, which `npm run bench` writes;
//   - the mode × tier table in docs/agent-and-providers.md from the registry's filter;
//   - the test-durations table in docs/testing.md from docs/test-durations.json, which
//     `npm run durations` writes after a full `npm test`.
// --check writes nothing and exits 1 when a generated file differs from what its source gives
// (it runs in `npm run lint`, so `npm test` and CI fail on stale docs).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as prettier from 'prettier';
import { renderBenchTable, BENCH_START, BENCH_END } from './bench-table.mjs';
import { renderTools } from './tools-md.mjs';
import { CAPS_END, CAPS_START, renderCapabilities } from './capabilities.mjs';
import { DURATIONS_END, DURATIONS_START, renderDurations } from './durations-table.mjs';
import { loadSources, ROOT } from './load-sources.mjs';
import { renderTierTable, TIERS_END, TIERS_START } from './tier-table.mjs';

const check = process.argv.includes('--check');

async function format(text, file) {
  const options = (await prettier.resolveConfig(file)) ?? {};
  return prettier.format(text, { ...options, filepath: file });
}

const outputs = [];

const { allTools, toolsFor, toJSONSchema } = await loadSources();
const toolsFile = path.join(ROOT, 'docs/tools.md');
outputs.push({ file: toolsFile, text: await format(renderTools(allTools(), toolsFor, toJSONSchema), toolsFile) });

/** Replaces what sits between two markers of a doc; exits with a clear message when they are missing. */
function between(file, start, end, body) {
  const doc = readFileSync(file, 'utf8');
  const a = doc.indexOf(start);
  const b = doc.indexOf(end);
  if (a < 0 || b < a) {
    console.error(`docs: ${path.relative(ROOT, file)} lacks the ${start} … ${end} markers`);
    process.exit(1);
  }
  return `${doc.slice(0, a + start.length)}\n\n${body}\n\n${doc.slice(b)}`;
}
const firefoxFile = path.join(ROOT, 'docs/firefox.md');
outputs.push({
  file: firefoxFile,
  text: await format(between(firefoxFile, CAPS_START, CAPS_END, renderCapabilities(allTools())), firefoxFile),
});

const agentFile = path.join(ROOT, 'docs/agent-and-providers.md');
outputs.push({
  file: agentFile,
  text: await format(between(agentFile, TIERS_START, TIERS_END, renderTierTable(toolsFor)), agentFile),
});

// The test-durations table (docs/testing.md) from the last full run that `npm run durations` recorded.
const testingFile = path.join(ROOT, 'docs/testing.md');
const durationsFile = path.join(ROOT, 'docs/test-durations.json');
if (existsSync(durationsFile)) {
  const table = renderDurations(JSON.parse(readFileSync(durationsFile, 'utf8')));
  outputs.push({
    file: testingFile,
    text: await format(between(testingFile, DURATIONS_START, DURATIONS_END, table), testingFile),
  });
}

const benchFile = path.join(ROOT, 'docs/benchmarks.md');
const resultsFile = path.join(ROOT, 'docs/bench-results.json');
if (!existsSync(resultsFile)) {
  console.error('docs: docs/bench-results.json is missing: run npm run bench (it writes it), then npm run docs');
  process.exit(1);
}
{
  const doc = readFileSync(benchFile, 'utf8');
  const start = doc.indexOf(BENCH_START);
  const end = doc.indexOf(BENCH_END);
  if (start < 0 || end < start) {
    console.error(`docs: ${path.relative(ROOT, benchFile)} lacks the ${BENCH_START} … ${BENCH_END} markers`);
    process.exit(1);
  }
  const table = renderBenchTable(JSON.parse(readFileSync(resultsFile, 'utf8')));
  const next = `${doc.slice(0, start + BENCH_START.length)}\n\n${table}\n${doc.slice(end)}`;
  outputs.push({ file: benchFile, text: await format(next, benchFile) });
}

let stale = 0;
for (const { file, text } of outputs) {
  const current = existsSync(file) ? readFileSync(file, 'utf8') : '';
  if (current === text) continue;
  if (check) {
    stale++;
    console.error(`docs: ${path.relative(ROOT, file)} is stale: run npm run docs and commit the result`);
  } else {
    writeFileSync(file, text);
    console.log(`docs: wrote ${path.relative(ROOT, file)}`);
  }
}
if (stale) process.exit(1);
if (check) console.log('docs: generated docs are up to date');
