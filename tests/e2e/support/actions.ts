/**
 * Helpers for the action e2e tests: refs come from the real tree (the model's own path), located by
 * the printed `role "name"` text, and the application's own state is read from the page's main world.
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { refOfLine } from '../../../shared/tree-line';
import type { Result } from '../../../shared/result';
import type { ExtensionBrowser } from './browser';
import { readTree } from './tree';

/**
 * The ref on the first tree line matching `pattern` (e.g. /checkbox "Newsletter"/). Throws with the
 * tree when none matches, so a failing test shows what the model would have seen.
 */
export async function refFor(browser: ExtensionBrowser, tabId: number, pattern: RegExp): Promise<string> {
  const { tree } = await readTree(browser, tabId);
  for (const line of tree.split('\n')) {
    if (!pattern.test(line)) continue;
    const ref = refOfLine(line);
    if (ref) return ref;
  }
  throw new Error(`no tree line matches ${pattern}:\n${tree}`);
}

/** Unwraps a tool reply, failing the test with the error message when it is an error. */
export function data(reply: Result<unknown>): Record<string, unknown> {
  if (!reply.ok) throw new Error(`tool failed: ${reply.error.code}: ${reply.error.message}`);
  expect(typeof reply.data).toBe('object');
  return reply.data as Record<string, unknown>;
}

/** The application's own state (window.__appState in the page's main world). */
export function appState<T = Record<string, unknown>>(page: Page): Promise<T> {
  return page.evaluate(
    () => JSON.parse(JSON.stringify((window as unknown as { __appState: unknown }).__appState)) as T,
  );
}
