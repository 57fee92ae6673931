// Where the shared test corpora live. They are large and not ours to copy into the repository, so
// they are found by WB_CORPORA, defaulting to `../shared/corpora` beside the checkout. Outside CI a
// missing corpus skips the step (a fresh clone must pass on its own); under CI it is required.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Exit code a step uses to say "skipped" to scripts/test-all.mjs (the automake/TAP convention). */
export const SKIP_EXIT = 77;

export const DEFAULT_CORPORA = path.resolve(ROOT, '../shared/corpora');

export function corporaDir() {
  const fromEnv = process.env.WB_CORPORA?.trim();
  return fromEnv ? path.resolve(fromEnv) : DEFAULT_CORPORA;
}

const isCI = () => /^(1|true|yes)$/i.test(process.env.CI ?? '');

/**
 * The path of one corpus (e.g. 'wpt'). When it is missing: under CI, exits 1 (CI must measure);
 * otherwise prints the skip notice and exits with SKIP_EXIT.
 */
export function requireCorpus(name) {
  const dir = path.join(corporaDir(), name);
  if (existsSync(dir)) return dir;
  const how = 'set WB_CORPORA=/path/to/shared/corpora; see docs/testing.md';
  if (isCI()) {
    console.error(`WPT corpora not found at ${dir}: required under CI (${how})`);
    process.exit(1);
  }
  console.log(`skipped: WPT corpora not found at ${dir} (${how})`);
  process.exit(SKIP_EXIT);
}
