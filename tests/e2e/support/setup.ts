import { afterAll, beforeAll } from 'vitest';
import { startFakeProviders, type FakeProviders } from '../../fake-providers/server';
import { launchWithExtension, type ExtensionBrowser } from './browser';
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
  } = {},
): ExtensionEnv {
  let browser: ExtensionBrowser | undefined;
  let server: FixtureServer | undefined;
  let partner: FixtureServer | undefined;
  let fake: FakeProviders | undefined;
  beforeAll(async () => {
    [server, partner, fake] = await Promise.all([
      startFixtureServer(),
      options.partner ? startFixtureServer('127.0.0.2') : undefined,
      options.fake ? startFakeProviders() : undefined,
    ]);
    browser = await launchWithExtension(options.args, options.extensionDir, undefined, options.deviceScaleFactor);
  });
  afterAll(async () => {
    await browser?.close();
    await Promise.all([server?.close(), partner?.close(), fake?.close()]);
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
