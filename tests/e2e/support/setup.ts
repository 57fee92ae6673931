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
 * One Chromium for the files that ask for it (`useExtension({ shared: true })`): the e2e project runs its
 * files one after another in one vitest worker without isolation (vitest.config.ts), so this module and
 * the browser it holds outlive a file. Launching and closing Chromium costs every file 2–4 s on a
 * loaded 2-core machine. Only files that leave no extension state behind may share: no settings, no
 * approvals or trusted sites, no worker restarts, no launch options (each fixture server has its own
 * port, so page storage never meets across files). Between files every page is closed and the
 * extension's storage cleared, a second guard; a shared file that left settings, workflows or any
 * other `chrome.storage.local` key behind fails its afterAll (`leftBehind`), so a file that should
 * not share says so. `WB_E2E_SHARE=0` gives every file its own browser (to measure the saving, or
 * to rule sharing out when a file fails only in a full run).
 */
let shared: Promise<ExtensionBrowser> | undefined;

async function sharedBrowser(): Promise<ExtensionBrowser> {
  if (!shared) {
    shared = launchWithExtension();
    const closing = shared;
    // The worker process ends with the run: the browser and its profile go with it.
    process.once('beforeExit', () => void closing.then((b) => b.close()));
  }
  return shared;
}

/** The `chrome.storage.local` keys a file left behind: the settings, workflows and schedules live there. */
async function leftBehind(browser: ExtensionBrowser): Promise<string[]> {
  return browser.worker.evaluate(async () => Object.keys(await chrome.storage.local.get(null)));
}

async function releaseShared(browser: ExtensionBrowser): Promise<void> {
  const left = await leftBehind(browser);
  await Promise.all(browser.context.pages().map((p) => p.close()));
  await browser.worker.evaluate(() => Promise.all([chrome.storage.local.clear(), chrome.storage.session.clear()]));
  // Cleared first so the next file starts clean even when this one fails here.
  if (left.length > 0) {
    throw new Error(
      `this file left extension storage behind (${left.join(', ')}), so it cannot share a browser: ` +
        'drop `shared: true` or restore what it changed in an afterAll (docs/testing.md, "Sharing one browser")',
    );
  }
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
    /** Borrow the run's one browser (see `sharedBrowser`); only with no launch options. */
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
  beforeAll(async () => {
    [server, partner, fake] = await Promise.all([
      startFixtureServer(),
      options.partner ? startFixtureServer('127.0.0.2') : undefined,
      options.fake ? startFakeProviders() : undefined,
    ]);
    browser = share
      ? await sharedBrowser()
      : await launchWithExtension(options.args, options.extensionDir, undefined, options.deviceScaleFactor);
  });
  afterAll(async () => {
    if (browser && share) await releaseShared(browser);
    else await browser?.close();
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
