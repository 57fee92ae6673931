import { afterAll, beforeAll } from 'vitest';
import { launchWithExtension, type ExtensionBrowser } from './browser';
import { startFixtureServer, type FixtureServer } from './server';

export interface ExtensionEnv {
  readonly browser: ExtensionBrowser;
  readonly server: FixtureServer;
  /** A second site (127.0.0.2): Chromium puts its frames in another process (out-of-process iframe). */
  readonly partner: FixtureServer;
}

/**
 * The usual e2e file setup: a fixture server (and, when asked, a second-site one) plus Chromium
 * with the built extension, started once before the file's tests and closed after them.
 */
export function useExtension(options: { partner?: boolean; args?: string[] } = {}): ExtensionEnv {
  let browser: ExtensionBrowser | undefined;
  let server: FixtureServer | undefined;
  let partner: FixtureServer | undefined;
  beforeAll(async () => {
    server = await startFixtureServer();
    if (options.partner) partner = await startFixtureServer('127.0.0.2');
    browser = await launchWithExtension(options.args);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await partner?.close();
  });
  const ready = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`${what} is not started: use it inside a test or hook`);
    return value;
  };
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
  };
}
