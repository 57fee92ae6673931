import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['{shared,content-scripts,background,sidepanel,scripts}/**/*.test.{ts,tsx}', 'mcp/**/*.test.mjs'],
          environment: 'node',
          // Files that need a DOM say so in a `// @vitest-environment jsdom` docblock (37 of 158).
          // One module graph for all files: on 2 cores vitest runs one worker, and a fresh module graph
          // per file cost ~90% of the run (docs/testing.md). Tests that need fresh modules or a fake
          // global reset them themselves (vi.resetModules, vi.unstubAllGlobals); the run passes in
          // shuffled file orders (`--sequence.shuffle.files`).
          isolate: false,
          // Its own group, after the e2e files (as before, when isolated unit files ran last): in one
          // group with the e2e project, vitest would batch files of both projects by whichever came
          // first, and the e2e files share one browser only when they run as one batch.
          sequence: { groupOrder: 1 },
          setupFiles: ['tests/unit-setup.ts'],
          // jsdom builds of big synthetic pages take ~1 s alone and 6+ s on a loaded 2-core machine;
          // speed is proven by `npm run bench`, never by a timeout (DEVELOPERS.md).
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.e2e.ts'],
          environment: 'node',
          globalSetup: ['tests/e2e/support/global-setup.ts'],
          // One Chromium at a time: the machine has 2 cores and each file launches its own browser.
          fileParallelism: false,
          // Files run one after another in one worker that keeps its modules, so the files that ask
          // for it share one browser (useExtension({ shared: true }), tests/e2e/support/setup.ts).
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 180_000,
        },
      },
      {
        // The Firefox build in real Firefox over WebDriver BiDi (docs/firefox.md). Skips with a message
        // when firefox-esr is missing, except under CI (.ci/run installs it).
        test: {
          name: 'e2e-firefox',
          include: ['tests/e2e-firefox/**/*.e2e.ts'],
          environment: 'node',
          globalSetup: ['tests/e2e-firefox/support/global-setup.ts'],
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
