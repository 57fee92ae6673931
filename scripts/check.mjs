// `npm run check`: the quick tier for every edit (docs/testing.md): type check, lint and unit tests,
// with a clock. Two workers take the steps (the five `npm run typecheck` projects, the lint steps and
// the unit tests) from one queue, so a 2-core machine keeps both cores busy to the end. Type
// checks run in build mode, eslint, prettier and knip cache what they checked and vitest its
// transforms, all under node_modules/.cache, so a run after a small edit re-checks little (a fresh
// clone has no cache and pays the whole first run). Every step prints its wall and CPU time; a
// failing step's output is printed after the last step ends.
// `npm test` (scripts/test-all.mjs) stays the full suite, without the caches' shortcuts.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';

const BIN = path.resolve('node_modules/.bin');
const CACHE = path.resolve('node_modules/.cache');

// Type checks in build mode (`tsc -b`): a project none of whose inputs is newer than its .tsbuildinfo is
// skipped after a look at file times (0.2 s of CPU instead of 2-7 s for `tsc --incremental`, which
// parses every file again); a changed one is re-checked incrementally. Build mode takes no
// --tsBuildInfoFile flag, so a small config in the cache extends each project and names its
// .tsbuildinfo. Build mode looks only at the project's own files, not at node_modules: the cache
// folder is keyed by the lockfile and the compiler version, so an install starts the type checks cold.
const TS_VERSION = JSON.parse(readFileSync('node_modules/typescript/package.json', 'utf8')).version;
const LOCK = existsSync('package-lock.json') ? readFileSync('package-lock.json') : '';
const TSC_CACHE = path.join(
  CACHE,
  'tsc',
  createHash('sha256').update(TS_VERSION).update(LOCK).digest('hex').slice(0, 16),
);
mkdirSync(TSC_CACHE, { recursive: true });

/** One project's type check (no emit: tsconfig.base.json), its .tsbuildinfo in the cache, never in the tree. */
function tsc(name, project = '.') {
  const config = path.join(TSC_CACHE, `${name}.json`);
  const wrapper = {
    extends: path.resolve(project, 'tsconfig.json'),
    compilerOptions: { incremental: true, tsBuildInfoFile: path.join(TSC_CACHE, `${name}.tsbuildinfo`) },
  };
  // Written only when it changes: a newer config makes build mode re-check the project.
  const text = JSON.stringify(wrapper, null, 2);
  if (!existsSync(config) || readFileSync(config, 'utf8') !== text) writeFileSync(config, text);
  const buildInfo = path.join(TSC_CACHE, `${name}.tsbuildinfo`);
  // Without emit, build mode leaves the .tsbuildinfo's time alone when it finds nothing changed (a touched
  // file, a rewritten config), so every later run would look again. A passing check dates it to the
  // step's start: a file edited after that is still newer and is checked next time.
  const passed = (startedMs) => {
    if (existsSync(buildInfo) && statSync(buildInfo).mtimeMs < startedMs)
      utimesSync(buildInfo, startedMs / 1000, startedMs / 1000);
  };
  return { name: `tsc ${name}`, cmd: [`${BIN}/tsc`, '-b', config], passed };
}

// The steps, longest first by their CPU time on a cold run (a fresh clone's first check, reference
// machine: prettier 31 s, tsc root 26 s, unit tests 25 s, eslint 15 s, the rest 1-8 s each). Two workers
// take the next step whenever one is free, so the two cores stay busy to the end: with fixed lanes (type
// checks and lint in one, unit tests in the other) a cold check waited on a lane of 102 s of CPU while the
// other had finished after 25 s. (A third worker oversubscribed the cores: under load a jsdom test hit its
// 30 s timeout.)
const STEPS = [
  {
    name: 'prettier',
    // Metadata: a changed size or time re-checks the file, an unchanged one is not read at all. Its own
    // location: prettier without --cache (npm run lint, npm run format) deletes the default cache file.
    cmd: [
      `${BIN}/prettier`,
      '--check',
      '.',
      '--cache',
      '--cache-strategy',
      'metadata',
      '--cache-location',
      path.join(CACHE, 'check', 'prettier-cache'),
      '--log-level',
      'warn',
    ],
  },
  tsc('root'),
  // The unit project holds the printer round trip that `npm run lint` runs alone.
  // vitest's module cache keeps each file's transform between runs (about 15% of the unit tests' CPU).
  {
    name: 'unit tests',
    cmd: [
      `${BIN}/vitest`,
      'run',
      '--project',
      'unit',
      '--experimental.fsModuleCache',
      `--experimental.fsModuleCachePath=${path.join(CACHE, 'vitest-modules')}`,
    ],
  },
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
  tsc('fixtures', 'tests/fixtures/apps'),
  tsc('content-scripts', 'content-scripts'),
  tsc('shared', 'shared'),
  { name: 'knip', cmd: [`${BIN}/knip`, '--cache'] },
  { name: 'generated docs', cmd: ['node', 'scripts/docs/generate.mjs', '--check'] },
  { name: 'doc identifiers', cmd: ['node', 'scripts/docs/check-identifiers.mjs'] },
  { name: 'import cycles', cmd: ['node', 'scripts/import-cycles.mjs'] },
  tsc('mcp', 'mcp'),
];
const WORKERS = 2;

// CPU seconds per step where GNU time is installed: on a loaded machine the wall time says more about
// the load than about the step, the CPU time does not (a quiet 2-core machine needs about the larger
// worker's CPU time).
const TIME = existsSync('/usr/bin/time') && process.platform === 'linux' ? '/usr/bin/time' : undefined;
mkdirSync(path.join(CACHE, 'check'), { recursive: true });

/** The step's user + system CPU seconds that GNU time wrote, or undefined. */
function cpuSeconds(file) {
  try {
    const [user, sys] = readFileSync(file, 'utf8').trim().split(/\s+/).slice(-2).map(Number);
    return Number.isFinite(user) && Number.isFinite(sys) ? user + sys : undefined;
  } catch {
    return undefined;
  }
}

function run(step, index) {
  const started = Date.now();
  const cpuFile = path.join(CACHE, 'check', `cpu-${index}.txt`);
  const cmd = TIME ? [TIME, '-f', '%U %S', '-o', cpuFile, ...step.cmd] : step.cmd;
  return new Promise((resolve) => {
    const child = spawn(cmd[0], cmd.slice(1), { stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('error', (e) => (output += String(e)));
    child.on('close', (code) => {
      const s = ((Date.now() - started) / 1000).toFixed(1);
      if (code === 0) step.passed?.(started);
      const cpu = TIME ? cpuSeconds(cpuFile) : undefined;
      const cpuText = cpu === undefined ? '' : `  cpu ${cpu.toFixed(1).padStart(6)} s`;
      console.log(`${code === 0 ? 'ok  ' : 'FAIL'} ${step.name.padEnd(20)} ${s.padStart(6)} s${cpuText}`);
      resolve({ ...step, code, output, cpu });
    });
  });
}

/** One worker: takes the next waiting step until none is left. */
async function worker(queue, workerIndex) {
  const out = [];
  for (let step = queue.shift(); step !== undefined; step = queue.shift()) {
    out.push(await run(step, `${workerIndex}-${out.length}`));
  }
  return out;
}

const started = Date.now();
const loadAtStart = loadavg()[0].toFixed(1);
const queue = [...STEPS];
const workerResults = await Promise.all(Array.from({ length: WORKERS }, (_, i) => worker(queue, i)));
const results = workerResults.flat();
const failed = results.filter((r) => r.code !== 0);
for (const f of failed) console.log(`\n=== ${f.name} failed (${f.cmd.join(' ')}):\n${f.output.trim()}`);
const total = ((Date.now() - started) / 1000).toFixed(1);
if (TIME) {
  const workerCpu = workerResults.map((rs) => rs.reduce((sum, r) => sum + (r.cpu ?? 0), 0));
  console.log(`\nCPU per worker: ${workerCpu.map((c) => `${c.toFixed(1)} s`).join(' | ')}`);
}
console.log(
  `\ncheck: ${failed.length ? `${failed.length} failed` : 'all passed'} in ${total} s (load ${loadAtStart} at the start)`,
);
process.exit(failed.length ? 1 : 0);
