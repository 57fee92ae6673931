/**
 * The one Chromium that files asking for it share (`useExtension({ shared: true })`, setup.ts), and
 * the checks that keep one file's trouble from reaching the next (docs/testing.md, "Sharing one
 * browser"). The e2e project runs its files one after another in one vitest worker without isolation
 * (vitest.config.ts), so this module and the browser it holds outlive a file.
 *
 * Containment, because a shared browser is only as good as its worst earlier file:
 * - a file borrows a used browser only after a canary page (started when the previous file released
 *   it) ran a CSS animation to its end and took a click: a browser that stopped rendering or taking
 *   input is replaced, with what it looked like written to the log, instead of failing the next
 *   file's animation or click waits (the first full shared run lost a spinner's `animationend` and
 *   a Playwright click that way);
 * - every step of the release has a deadline, so a page or worker call that hangs fails the file
 *   that left it in seconds, not at the 180 s hook timeout;
 * - a file that failed, whose release did not finish cleanly or that left a tab behind retires the
 *   browser: the next file gets a fresh one, so a failure does not travel.
 * Each launch, borrow and release appends a line to `tests/.out/e2e-shared.jsonl` (the run's first
 * launch starts it afresh): load, canary time, pages closed, tabs left, what hung.
 */
import { appendFileSync, mkdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { withTimeout } from '../../../shared/timeout';
import { launchWithExtension, type ExtensionBrowser } from './browser';
import { ROOT } from './paths';

const LOG = path.join(ROOT, 'tests/.out/e2e-shared.jsonl');
/** Generous for a loaded 2-core machine: a canary frame or a page close takes milliseconds when well. */
const STEP_MS = 15_000;

let current: Promise<ExtensionBrowser> | undefined;
let closeOnExit = false;
/** The canary `releaseShared` started for the next file. */
let checked: Promise<number | null> | undefined;

function log(entry: Record<string, unknown>): void {
  try {
    mkdirSync(path.dirname(LOG), { recursive: true });
    // Both clocks: this machine's wall clock has stepped ~30 s during runs (docs/dialogs-and-deadlines.md),
    // and a step between two lines shows as `at` and `mono` disagreeing.
    const at = new Date().toISOString();
    const mono = Math.round(performance.now());
    appendFileSync(LOG, JSON.stringify({ at, mono, load: os.loadavg()[0], ...entry }) + '\n');
  } catch {
    // The log is for diagnosis only; a read-only tree must not fail a test.
  }
}

const TIMED_OUT = Symbol('timed out');
function deadline<T>(promise: Promise<T>, ms = STEP_MS): Promise<T | typeof TIMED_OUT> {
  return withTimeout<T | typeof TIMED_OUT>(promise, ms, () => TIMED_OUT);
}

/**
 * Ms until a fresh page ran a CSS animation to its end (frames tick) and acknowledged a mouse click
 * (the renderer takes input), or null when that did not happen in time: the two waits the first full
 * shared run saw hang (a spinner's `animationend`, a Playwright click). The click goes straight to
 * CDP's `Input.dispatchMouseEvent` (`page.mouse`), without a locator's actionability round trips,
 * to keep the check cheap.
 */
async function canary(browser: ExtensionBrowser): Promise<number | null> {
  const t0 = Date.now();
  const ok = await deadline(
    (async () => {
      const page = await browser.context.newPage();
      await page.setContent(
        '<style>@keyframes in { from { opacity: 0 } } button { animation: in 30ms; position: fixed; inset: 0 }</style>' +
          '<button onclick="this.textContent = \'clicked\'">click</button>',
      );
      await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished)));
      await page.mouse.click(20, 20);
      const clicked = await page.evaluate(() => document.querySelector('button')?.textContent === 'clicked');
      await page.close({ runBeforeUnload: false });
      return clicked;
    })(),
  );
  return ok === true ? Date.now() - t0 : null;
}

/** What a browser looks like when something in it hangs: its tabs and how each Playwright page renders. */
async function describeBrowser(browser: ExtensionBrowser): Promise<unknown> {
  const tabs = await deadline(
    browser.worker.evaluate(async () =>
      (await chrome.tabs.query({})).map((t) => ({
        id: t.id,
        window: t.windowId,
        active: t.active,
        status: t.status,
        discarded: t.discarded,
        url: t.url,
      })),
    ),
    5_000,
  );
  const pages = await Promise.all(
    browser.context.pages().map(async (p: Page) => ({
      url: p.url(),
      state: await deadline(
        p.evaluate(() => ({ visibility: document.visibilityState, focus: document.hasFocus() })),
        5_000,
      ),
    })),
  );
  return { tabs: tabs === TIMED_OUT ? 'worker did not answer in 5 s' : tabs, pages };
}

async function retire(browser: Promise<ExtensionBrowser>): Promise<void> {
  if (current === browser) current = undefined;
  // A browser that will not close is left to Playwright, which kills its browsers when the run's
  // process exits; the next file does not wait for it.
  if ((await deadline((await browser).close())) === TIMED_OUT) log({ event: 'close-timed-out' });
}

/**
 * The run's shared browser. One that an earlier file used must first pass the canary, which
 * `releaseShared` started while vitest loads the next file; one that fails it is described in the
 * log and replaced by a fresh launch (which needs no canary: it is what an unshared file gets).
 */
export async function borrowShared(file: string): Promise<ExtensionBrowser> {
  if (!closeOnExit) {
    closeOnExit = true;
    rmSync(LOG, { force: true });
    // The worker process ends with the run: the browser and its profile go with it.
    process.once('beforeExit', () => void (current ? retire(current) : undefined));
  }
  if (current) {
    const browser = await current;
    const t0 = Date.now();
    const ms = await (checked ?? canary(browser));
    checked = undefined;
    log({ file, event: 'borrow', canaryMs: ms, waitedMs: Date.now() - t0 });
    if (ms !== null) return browser;
    log({ file, event: 'canary-failed', state: await describeBrowser(browser) });
    await retire(current);
  }
  current = launchWithExtension();
  log({ file, event: 'launch' });
  return current;
}

/** The `chrome.storage.local` keys a file left behind: the settings, workflows and schedules live there. */
async function leftBehind(browser: ExtensionBrowser): Promise<string[] | typeof TIMED_OUT> {
  return deadline(browser.worker.evaluate(async () => Object.keys(await chrome.storage.local.get(null))));
}

/**
 * Ends a file's use of the shared browser: its pages closed (without beforeunload, so a page left with
 * a dialog or unsaved work cannot hold it), the extension's storage cleared, each step under a
 * deadline. Throws, failing the file, when the file left storage behind or a step hung; the browser is
 * retired when the file failed, a step hung or a tab outlived its page, so the next file starts in a
 * fresh one.
 */
export async function releaseShared(browser: ExtensionBrowser, file: string, fileFailed: boolean): Promise<void> {
  const t0 = Date.now();
  const problems: string[] = [];
  const left = await leftBehind(browser);
  if (left === TIMED_OUT) problems.push('the extension worker did not answer within 15 s');
  const pages = browser.context.pages();
  const closed = await Promise.all(pages.map((p) => deadline(p.close({ runBeforeUnload: false }))));
  const stuck = pages.filter((_, i) => closed[i] === TIMED_OUT).map((p) => p.url());
  if (stuck.length > 0) problems.push(`pages did not close (15 s deadline): ${stuck.join(', ')}`);
  // The tabs left are the ones Playwright did not know as pages: none, so far.
  const tabsLeft = await deadline(
    browser.worker.evaluate(async () => {
      await Promise.all([chrome.storage.local.clear(), chrome.storage.session.clear()]);
      return (await chrome.tabs.query({})).map((t) => t.url ?? '');
    }),
  );
  if (tabsLeft === TIMED_OUT) problems.push('clearing extension storage did not finish within 15 s');
  const retiring = fileFailed || problems.length > 0 || (tabsLeft !== TIMED_OUT && tabsLeft.length > 0);
  log({ file, event: 'release', pages: pages.length, ms: Date.now() - t0, fileFailed, tabsLeft, problems });
  if (retiring && current) {
    if (problems.length > 0) log({ file, event: 'retire', state: await describeBrowser(browser) });
    await retire(current);
  } else {
    // Runs while vitest loads the next file, so a healthy browser costs that file almost nothing.
    checked = canary(browser);
  }
  // Checked last so the next file starts clean even when this one fails here.
  if (left !== TIMED_OUT && left.length > 0) {
    problems.push(
      `this file left extension storage behind (${left.join(', ')}), so it cannot share a browser: ` +
        'drop `shared: true` or restore what it changed in an afterAll (docs/testing.md, "Sharing one browser")',
    );
  }
  if (problems.length > 0) throw new Error(problems.join('; '));
}
