import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { AgentEvent, Conversation } from '../../shared/protocol/agent';
import type { ExtensionBrowser } from './support/browser';
import { scriptPolicy, type TaskScript } from '../fake-providers/script';
import type { FakeProviders, Protocol } from '../fake-providers/server';

export const FAKE_KEY = 'sk-fake-test-key-4242424242';

/**
 * Settings pointing the extension at a fake provider scenario. Plan first is off unless `extra`
 * turns it on: the scripted policies of other suites act without proposing a plan (agent-plan.e2e.ts
 * tests the default and the plan itself).
 */
export function fakeSettings(
  protocol: Protocol,
  baseURL: string,
  extraSettings: Record<string, unknown> = {},
): Record<string, unknown> {
  const extra = { planFirst: false, ...extraSettings };
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

/** What `useExtension({ fake: true })` gives a scripted agent test. */
export interface ScriptEnv {
  readonly browser: ExtensionBrowser;
  readonly fake: FakeProviders;
}

/**
 * A scripted fake model (tests/fake-providers/script.ts) under the scenario name, and the extension
 * pointed at it over the OpenAI wire: `scripts` maps each task's text to its script.
 */
export async function useScript(
  env: ScriptEnv,
  scenario: string,
  scripts: ReadonlyMap<string, TaskScript> | Readonly<Record<string, TaskScript>>,
  extraSettings: Record<string, unknown> = {},
): Promise<void> {
  const map = scripts instanceof Map ? scripts : new Map(Object.entries(scripts));
  env.fake.scenario(scenario, { apiKey: FAKE_KEY, policy: scriptPolicy(map) });
  await configure(env.browser, fakeSettings('openai', env.fake.baseURL(scenario, 'openai'), extraSettings));
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
  options: {
    tabId: number;
    task: string;
    mode: 'ask' | 'act' | 'dev';
    maxSteps?: number;
    budget?: { tokens?: number; usd?: number };
  },
): Promise<RunReport> {
  const r = await browser.worker.evaluate((o) => globalThis.wb.run(o), options);
  if (!r.ok) throw new Error(`wb.run failed to start: ${r.error.message}`);
  return r.data;
}

/**
 * A stand-in for the side panel: an extension page holding the `wb-agent` Port, recording every
 * event. Commands go through the same Port the real panel uses.
 */
/**
 * Waits until the task in `tabId` has tool `name` in flight (its record names it), or with
 * `running: false` until it does not.
 */
export async function whenRunning(
  browser: ExtensionBrowser,
  tabId: number,
  name: string,
  running = true,
  timeoutMs = 20_000,
): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    // The worker's own in-flight mark: storage holds a read's mark only over an action's (saveReadMark).
    const tool = await browser.worker.evaluate((id: number) => globalThis.wb.running(id)?.inFlight ?? null, tabId);
    if ((tool === name) === running) return;
    if (performance.now() > deadline) throw new Error(`${name} never ${running ? 'started' : 'ended'}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

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
      const deadline = performance.now() + timeoutMs;
      for (;;) {
        const found = (await events()).find(predicate);
        if (found) return found;
        if (performance.now() > deadline)
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

export const TODO_TASK =
  'Add three todos: "Buy milk", "Walk the dog", "Pay bills". Then mark "Walk the dog" as completed and tell me how many items are left.';

export interface TodoRun {
  page: Page;
  /** The panel client that ran the task; the caller closes it. */
  panel: PanelClient;
  tabId: number;
  task: string;
  ended: Extract<AgentEvent, { type: 'task_ended' }>;
  events: AgentEvent[];
  /** Tool names in the order the model called them. */
  calls: string[];
}

/**
 * Runs the TodoMVC task through the panel Port with whatever provider is configured, and checks
 * what every wire protocol must show: the app's own state, three focus_type and one click_ax, and
 * the answer streamed as text deltas. Protocol-specific checks stay with the caller.
 */
export async function runTodoTask(browser: ExtensionBrowser, url: string): Promise<TodoRun> {
  const { page, tabId } = await browser.open(url);
  const panel = await openPanelClient(browser, tabId);
  await panel.waitFor((e) => e.type === 'snapshot');
  await panel.send({ type: 'start', tabId, task: TODO_TASK, mode: 'act' });
  const ended = await panel.waitFor((e) => e.type === 'task_ended');
  expect(ended).toMatchObject({ type: 'task_ended', status: 'done' });
  if (ended.type !== 'task_ended') throw new Error('unreachable: waited for task_ended');

  // The app's own state, read from the DOM.
  await expect
    .poll(() => page.locator('[data-testid="todo-item"] .title').allTextContents())
    .toEqual(['Buy milk', 'Walk the dog', 'Pay bills']);
  expect(await page.locator('li.completed .title').allTextContents()).toEqual(['Walk the dog']);
  expect(await page.getByTestId('todo-count').textContent()).toBe('2 items left');

  const events = await panel.events();
  const calls = events.flatMap((e) => (e.type === 'tool_call' ? [e.tool] : []));
  expect(calls.filter((t) => t === 'focus_type')).toHaveLength(3);
  expect(calls.filter((t) => t === 'click_ax')).toHaveLength(1);
  // The answer streamed as text deltas.
  expect(
    events
      .filter((e) => e.type === 'text_delta')
      .map((e) => (e.type === 'text_delta' ? e.text : ''))
      .join(''),
  ).toBe(ended.answer);
  return { page, panel, tabId, task: TODO_TASK, ended, events, calls };
}
