// `npm test`: every check the project has, in order, ending with one plain summary line
// ("N passed, N failed, N skipped") that CI reads. Vitest counts its own tests; each other check
// counts as one. A step that exits 77 (SKIP_EXIT: e.g. conformance without the WPT corpora outside
// CI, see docs/testing.md) counts as skipped.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { SKIP_EXIT } from './lib/corpora.mjs';

const steps = [
  { name: 'typecheck', cmd: ['npm', 'run', '--silent', 'typecheck'] },
  { name: 'lint', cmd: ['npm', 'run', '--silent', 'lint'] },
  {
    name: 'vitest',
    cmd: ['npx', 'vitest', 'run', '--reporter=default', '--reporter=json', '--outputFile.json=tests/.out/vitest.json'],
    vitest: true,
  },
];
if (existsSync('scripts/conformance/run.mjs')) {
  steps.push({ name: 'conformance ratchet', cmd: ['node', 'scripts/conformance/run.mjs', '--check'] });
}

// The e2e tests need a real browser; say so before minutes of other checks, not after.
const chromium = process.env.WB_CHROMIUM ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  console.error(
    `Chromium not found at ${chromium}. Install Debian's package: sudo apt-get update && sudo apt-get install -y chromium (or set WB_CHROMIUM).`,
  );
  console.log('\n0 passed, 1 failed, 0 skipped');
  process.exit(1);
}

mkdirSync('tests/.out', { recursive: true });
let passed = 0;
let failed = 0;
let skipped = 0;
const failures = [];
// Each step's wall time and the machine's load, for the durations table (npm run durations).
const started = Date.now();
const load = () => loadavg()[0].toFixed(1);
// The commit the run tested: the durations may be rendered later in another checkout (test-durations.mjs).
const commit = (() => {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
  } catch {
    return undefined;
  }
})();
const record = { ranAt: new Date().toISOString(), commit, cpus: cpus().length, load: { start: load() }, steps: [] };
for (const step of steps) {
  console.log(`\n=== ${step.name}: ${step.cmd.join(' ')}`);
  const stepStart = Date.now();
  const failedBefore = failures.length;
  const run = spawnSync(step.cmd[0], step.cmd.slice(1), { stdio: 'inherit' });
  if (step.vitest) {
    const report = existsSync('tests/.out/vitest.json')
      ? JSON.parse(readFileSync('tests/.out/vitest.json', 'utf8'))
      : null;
    if (report) {
      passed += report.numPassedTests;
      failed += report.numFailedTests;
      if (report.numTotalTests === 0) failures.push('vitest ran no test');
    }
    if (run.status !== 0 || !report) {
      failures.push(`${step.name} exited ${run.status}`);
      if (!report || report.numFailedTests === 0) failed += 1;
    }
  } else if (run.status === 0) {
    passed += 1;
  } else if (run.status === SKIP_EXIT) {
    skipped += 1;
  } else {
    failed += 1;
    failures.push(`${step.name} exited ${run.status}`);
  }
  const result =
    run.status === SKIP_EXIT && !step.vitest ? 'skipped' : failures.length > failedBefore ? 'failed' : 'passed';
  record.steps.push({ name: step.name, seconds: (Date.now() - stepStart) / 1000, result });
}
record.load.end = load();
record.wallSeconds = (Date.now() - started) / 1000;
writeFileSync('tests/.out/test-run.json', `${JSON.stringify(record, null, 2)}\n`);
if (failures.length > 0) console.log(`\nFailures: ${failures.join('; ')}`);
console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 ? 1 : 0);
