import type { Page } from 'playwright-core';
import type { AgentEvent, Conversation } from '../../src/protocol/agent';
import type { ExtensionBrowser } from './support/browser';
import type { Protocol } from '../fake-providers/server';

export const FAKE_KEY = 'sk-fake-test-key-4242424242';

/** Settings pointing the extension at a fake provider scenario. */
export function fakeSettings(
  protocol: Protocol,
  baseURL: string,
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  if (protocol === 'google')
    return { provider: 'google', model: 'gemini-2.5-flash', apiKey: FAKE_KEY, baseURL, ...extra };
  return protocol === 'anthropic'
    ? { provider: 'anthropic', model: 'claude-sonnet-4-5', apiKey: FAKE_KEY, baseURL, ...extra }
    : { provider: 'openai-compatible', model: 'gpt-4.1-mini', apiKey: FAKE_KEY, baseURL, ...extra };
}

export async function configure(browser: ExtensionBrowser, settings: Record<string, unknown>): Promise<void> {
  const r = await browser.worker.evaluate((s) => globalThis.wb.settings.set(s), settings);
  if (!r.ok) throw new Error(`settings rejected: ${r.error.message}`);
}

export interface RunReport {
  taskId: string;
  status: string;
  answer?: string;
  error?: string;
  steps: { tool: string; args: unknown; result: string; ok: boolean }[];
  usage: { inputTokens: number; outputTokens: number };
}

/** `wb.run` in the worker: the whole task, to its end. */
export async function run(
  browser: ExtensionBrowser,
  options: { tabId: number; task: string; mode: 'ask' | 'act' | 'dev' },
): Promise<RunReport> {
  const r = await browser.worker.evaluate((o) => globalThis.wb.run(o), options);
  if (!r.ok) throw new Error(`wb.run failed to start: ${r.error.message}`);
  return r.data;
}

/**
 * A stand-in for the side panel: an extension page holding the `wb-agent` Port, recording every
 * event. Commands go through the same Port the real panel uses.
 */
export interface PanelClient {
  page: Page;
  send(command: unknown): Promise<void>;
  events(): Promise<AgentEvent[]>;
  waitFor(predicate: (e: AgentEvent) => boolean, timeoutMs?: number): Promise<AgentEvent>;
  close(): Promise<void>;
}

declare global {
  interface Window {
    __events: unknown[];
    __port: chrome.runtime.Port;
    __connect: () => void;
  }
}

export async function openPanelClient(browser: ExtensionBrowser, tabId: number): Promise<PanelClient> {
  const page = await browser.context.newPage();
  // Any extension page has the runtime API; the blank panel HTML is the lightest.
  await page.goto(`chrome-extension://${browser.extensionId}/sidepanel/index.html?tabId=${tabId}`);
  await page.evaluate((id) => {
    window.__events = [];
    window.__connect = () => {
      window.__port = chrome.runtime.connect({ name: 'wb-agent' });
      window.__port.onMessage.addListener((e: unknown) => window.__events.push(e));
      // A panel reconnects when the worker restarts, as the real one does.
      window.__port.onDisconnect.addListener(() => setTimeout(window.__connect, 200));
      window.__port.postMessage({ type: 'subscribe', tabId: id });
    };
    window.__connect();
  }, tabId);
  const events = () => page.evaluate(() => window.__events as AgentEvent[]);
  return {
    page,
    send: (command) => page.evaluate((c) => window.__port.postMessage(c), command),
    events,
    async waitFor(predicate, timeoutMs = 45_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = (await events()).find(predicate);
        if (found) return found;
        if (Date.now() > deadline)
          throw new Error(
            `timed out waiting for an agent event; saw: ${JSON.stringify((await events()).map((e) => e.type))}`,
          );
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    close: () => page.close(),
  };
}

export async function conversation(browser: ExtensionBrowser, tabId: number): Promise<Conversation> {
  return browser.worker.evaluate((id) => globalThis.wb.conversation(id), tabId);
}
