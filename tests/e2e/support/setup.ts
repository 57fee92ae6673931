import type { RunnerTask as Task } from 'vitest';
import { afterAll, beforeAll } from 'vitest';
import { startFakeProviders, type FakeProviders } from '../../fake-providers/server';
import { launchWithExtension, type ExtensionBrowser } from './browser';
import { borrowShared, releaseShared } from './shared-browser';
import { startFixtureServer, type FixtureServer } from './server';

export interface ExtensionEnv {
  readonly browser: ExtensionBrowser;
  readonly server: FixtureServer;
  /** A second site (127.0.0.2): Chromium puts its frames in another process (out-of-process iframe). */
  readonly partner: FixtureServer;
  /** Fake LLM providers on 127.0.0.1 (useExtension({fake: true})). */
  readonly fake: FakeProviders;
}

const ready = <T>(value: T | undefined, what: string): T => {
  if (value === undefined) throw new Error(`${what} is not started: use it inside a test or hook`);
  return value;
};

/** Whether any test under `task` failed (a failed file retires the shared browser). */
function failed(task: Readonly<Task>): boolean {
  return task.result?.state === 'fail' || (task.type === 'suite' && task.tasks.some(failed));
}

/**
 * The usual e2e file setup: a fixture server (and, when asked, a second-site one and the fake LLM
 * providers) plus Chromium with the built extension, started once before the file's tests and
 * closed after them. A file's own beforeAll runs after this one (hooks run in registration order).
 */
export function useExtension(
  options: {
    partner?: boolean;
    fake?: boolean;
    args?: string[];
    extensionDir?: string;
    deviceScaleFactor?: number;
    /** Borrow the run's one browser (shared-browser.ts); only with no launch options. */
    shared?: boolean;
  } = {},
): ExtensionEnv {
  const share =
    options.shared === true &&
    process.env.WB_E2E_SHARE !== '0' &&
    !options.args &&
    !options.extensionDir &&
    !options.deviceScaleFactor;
  let browser: ExtensionBrowser | undefined;
  let server: FixtureServer | undefined;
  let partner: FixtureServer | undefined;
  let fake: FakeProviders | undefined;
  // vitest reads a hook's first parameter as a fixture list and requires a destructuring pattern there.
  // eslint-disable-next-line no-empty-pattern
  beforeAll(async ({}, suite) => {
    [server, partner, fake] = await Promise.all([
      startFixtureServer(),
      options.partner ? startFixtureServer('127.0.0.2') : undefined,
      options.fake ? startFakeProviders() : undefined,
    ]);
    browser = share
      ? await borrowShared(suite.file.name)
      : await launchWithExtension(options.args, options.extensionDir, undefined, options.deviceScaleFactor);
  });
  // eslint-disable-next-line no-empty-pattern
  afterAll(async ({}, suite) => {
    try {
      if (browser && share) await releaseShared(browser, suite.file.name, failed(suite));
      else await browser?.close();
    } finally {
      await Promise.all([server?.close(), partner?.close(), fake?.close()]);
    }
  });
  return {
    get browser() {
      return ready(browser, 'the browser');
    },
    get server() {
      return ready(server, 'the fixture server');
    },
    get partner() {
      return ready(partner, 'the partner server (useExtension({partner: true}))');
    },
    get fake() {
      return ready(fake, 'the fake providers (useExtension({fake: true}))');
    },
  };
}

/** For files that drive the providers from Node without a browser (the wire-protocol tests). */
export function useFakeProviders(): { readonly fake: FakeProviders } {
  let fake: FakeProviders | undefined;
  beforeAll(async () => {
    fake = await startFakeProviders();
  });
  afterAll(async () => {
    await fake?.close();
  });
  return {
    get fake() {
      return ready(fake, 'the fake providers');
    },
  };
}
