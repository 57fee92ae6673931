// `npm run check`: the quick tier for every edit (docs/testing.md): type check, lint and unit tests,
// with a clock. Two lanes run at once, so a 2-core machine keeps both cores busy: the four type checks
// and the lint steps in one, the unit tests in the other. Type checks are
// incremental and eslint and prettier cache what they checked, all under node_modules/.cache, so a
// run after a small edit re-checks little (a fresh clone has no cache and pays the whole first run).
// Every step prints its wall time; a failing step's output is printed after the lanes end.
// `npm test` (scripts/test-all.mjs) stays the full suite, without the caches' shortcuts.
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';

const BIN = path.resolve('node_modules/.bin');
const CACHE = path.resolve('node_modules/.cache');
mkdirSync(path.join(CACHE, 'tsc'), { recursive: true });

/** One `tsc --noEmit` project, incremental: its .tsbuildinfo lives in the cache, never in the tree. */
const tsc = (name, project) => ({
  name: `tsc ${name}`,
  cmd: [
    `${BIN}/tsc`,
    '--noEmit',
    ...(project ? ['-p', project] : []),
    '--incremental',
    '--tsBuildInfoFile',
    path.join(CACHE, 'tsc', `${name}.tsbuildinfo`),
  ],
});

// Two lanes for two cores: the type checks and the lint steps one after another, beside the unit tests.
// (A third lane for lint oversubscribed the cores: under load a jsdom test hit its 30 s timeout.)
const LANES = [
  [
    tsc('root'),
    tsc('shared', 'shared'),
    tsc('content-scripts', 'content-scripts'),
    tsc('fixtures', 'tests/fixtures/apps'),
    {
      name: 'eslint',
      cmd: [
        `${BIN}/eslint`,
        '.',
        '--max-warnings=0',
        // Content, not modification times: a checkout or a branch switch touches files it did not change.
        '--cache',
        '--cache-strategy',
        'content',
        '--cache-location',
        path.join(CACHE, 'eslint/'),
      ],
    },
    {
      name: 'prettier',
      // Metadata: a changed size or time re-checks the file, an unchanged one is not read at all.
      cmd: [`${BIN}/prettier`, '--check', '.', '--cache', '--cache-strategy', 'metadata', '--log-level', 'warn'],
    },
    { name: 'knip', cmd: [`${BIN}/knip`, '--cache'] },
    { name: 'generated docs', cmd: ['node', 'scripts/docs/generate.mjs', '--check'] },
    { name: 'doc identifiers', cmd: ['node', 'scripts/docs/check-identifiers.mjs'] },
    { name: 'import cycles', cmd: ['node', 'scripts/import-cycles.mjs'] },
  ],
  // The unit project holds the printer round trip that `npm run lint` runs alone.
  [{ name: 'unit tests', cmd: [`${BIN}/vitest`, 'run', '--project', 'unit'] }],
];

function run(step) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(step.cmd[0], step.cmd.slice(1), { stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('error', (e) => (output += String(e)));
    child.on('close', (code) => {
      const s = ((Date.now() - started) / 1000).toFixed(1);
      console.log(`${code === 0 ? 'ok  ' : 'FAIL'} ${step.name.padEnd(20)} ${s.padStart(6)} s`);
      resolve({ ...step, code, output });
    });
  });
}

async function lane(steps) {
  const out = [];
  for (const step of steps) out.push(await run(step));
  return out;
}

const started = Date.now();
const loadAtStart = loadavg()[0].toFixed(1);
const results = (await Promise.all(LANES.map(lane))).flat();
const failed = results.filter((r) => r.code !== 0);
for (const f of failed) console.log(`\n=== ${f.name} failed (${f.cmd.join(' ')}):\n${f.output.trim()}`);
const total = ((Date.now() - started) / 1000).toFixed(1);
console.log(
  `\ncheck: ${failed.length ? `${failed.length} failed` : 'all passed'} in ${total} s (load ${loadAtStart} at the start)`,
);
process.exit(failed.length ? 1 : 0);
