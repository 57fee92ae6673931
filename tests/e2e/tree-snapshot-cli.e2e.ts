/**
 * `npm run snapshot` end to end: the CLI serves a local file, loads the built extension and prints
 * the tree the agent would read; bad options are refused with the usage.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURE_PAGES, ROOT } from './support/paths';

function run(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(ROOT, 'scripts/snapshot.mjs'), ...args], { cwd: ROOT });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('snapshot CLI', () => {
  it('prints the tree of a local file, with refs and the fallback label', async () => {
    const { code, stdout, stderr } = await run([path.join(FIXTURE_PAGES, 'tree-form.html')]);
    expect(stderr).toMatch(/# Tree fixture: form with unlabelled fields/);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^h1 "Subscription"$/m);
    expect(stdout).toMatch(/^spinbutton "Every" \[ref_\d+\] value="1"$/m);
    expect(stdout).toMatch(/^textbox "Email" \[ref_\d+\] type="email" \{required\}$/m);
  }, 60_000);

  it('pages a long tree from page 1’s snapshot and emits JSON on request', async () => {
    const { code, stdout } = await run([
      path.join(FIXTURE_PAGES, 'tree-article.html'),
      '--max-chars',
      '2000',
      '--page',
      '2',
      '--json',
    ]);
    expect(code).toBe(0);
    const result: unknown = JSON.parse(stdout);
    expect(result).toMatchObject({ page: 2, truncated: true });
  }, 60_000);

  it('refuses bad options with the usage', async () => {
    const bad = await run(['--filter', 'everything', 'x.html']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--filter must be all, visible or interactive/);
    expect(bad.stderr).toMatch(/usage: npm run snapshot/);
  });
});
