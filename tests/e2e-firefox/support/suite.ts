/**
 * The browser + fixture server every Firefox file starts: one Firefox with the built extension and
 * one fixture server per file, both closed after it. `env()` throws when called before they started
 * (or when Firefox is missing, where `run` is false and the suite is skipped).
 */
import { afterAll, beforeAll } from 'vitest';
import { startFixtureServer, type FixtureServer } from '../../e2e/support/server';
import { firefoxAvailable, launchFirefox, type FirefoxExtension } from './firefox';

export interface FirefoxSuite {
  /** False when no Firefox is installed: wrap the describe in `describe.skipIf(!suite.run)`. */
  run: boolean;
  env(): { ff: FirefoxExtension; server: FixtureServer };
}

/** Registers the file's beforeAll/afterAll; call once at module level. */
export function firefoxSuite(
  prefs?: Parameters<typeof launchFirefox>[0],
  env?: Parameters<typeof launchFirefox>[1],
): FirefoxSuite {
  const run = firefoxAvailable();
  let ff: FirefoxExtension | undefined;
  let server: FixtureServer | undefined;
  beforeAll(async () => {
    if (!run) return;
    server = await startFixtureServer();
    ff = await launchFirefox(prefs, env);
  });
  afterAll(async () => {
    await ff?.close();
    await server?.close();
  });
  return {
    run,
    env() {
      if (!ff || !server) throw new Error('Firefox or the fixture server is not started');
      return { ff, server };
    },
  };
}
