// @vitest-environment jsdom
/**
 * The whole panel in jsdom against a fake `chrome`: the worker is simulated at the message boundary
 * (Port events in, commands and panel requests out). Layout, real streaming and the page side are
 * proven in Chromium by tests/e2e/sidepanel.e2e.ts; this covers the UI logic fast and in detail.
 */
import { render } from 'preact';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentEvent } from '../shared/protocol/agent';

type Listener = (msg: unknown) => void;
const posted: unknown[] = [];
const requests: { type: string; [k: string]: unknown }[] = [];
let portListeners: Listener[] = [];
let storedSettings: unknown = null;
const TAB = 5;

const events = () => ({ addListener: () => undefined, removeListener: () => undefined });
const memoryArea = () => {
  const data: Record<string, unknown> = {};
  return {
    get: async (key: string) => (key in data ? { [key]: data[key] } : {}),
    set: async (items: Record<string, unknown>) => void Object.assign(data, items),
  };
};

const fakeChrome = {
  runtime: {
    lastError: undefined,
    getManifest: () => ({ version: '0.1.0' }),
    connect: () => ({
      postMessage: (m: unknown) => void posted.push(m),
      disconnect: () => undefined,
      onMessage: { addListener: (l: Listener) => void portListeners.push(l) },
      onDisconnect: { addListener: () => undefined },
    }),
    sendMessage: async (req: { type: string; [k: string]: unknown }) => {
      requests.push(req);
      switch (req.type) {
        case 'get_tab_info':
          return { ok: true, data: { tabId: TAB, title: 'Shop fixture', url: 'https://shop.example/' } };
        case 'get_settings':
          return { ok: true, data: storedSettings };
        case 'set_settings':
          storedSettings = {
            provider: 'openai-compatible',
            model: 'fake-model',
            baseURL: 'http://127.0.0.1:9/v1',
            tier: 'mid',
            contextWindow: 32768,
            hasApiKey: true,
            apiKeyHint: '…1234',
          };
          return { ok: true, data: storedSettings };
        case 'test_connection':
          return { ok: false, error: { code: 'auth', message: 'HTTP 401: the provider rejected the API key' } };
        default:
          return { ok: false, error: { code: 'not_implemented', message: req.type } };
      }
    },
  },
  tabs: {
    query: async () => [{ id: TAB }],
    getCurrent: async () => undefined,
    onActivated: events(),
    onUpdated: events(),
  },
  windows: { onFocusChanged: events(), getLastFocused: async () => ({ id: 1 }) },
  storage: { local: memoryArea(), session: memoryArea() },
};

const root = document.createElement('div');
const $ = <T extends Element = HTMLElement>(sel: string) => root.querySelector<T>(sel);

async function until<T>(fn: () => T | null | undefined | false, what: string): Promise<T> {
  for (let i = 0; i < 100; i++) {
    const v = fn();
    if (v) return v;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`timed out waiting for ${what}: ${root.innerHTML.slice(0, 3000)}`);
}

const tick = () => new Promise((r) => setTimeout(r, 20));

function emit(event: AgentEvent | Record<string, unknown>) {
  for (const l of portListeners) l(event);
}

function typeInto(el: HTMLInputElement | HTMLTextAreaElement, value: string) {
  el.value = value;
  el.dispatchEvent(new Event('input', { bubbles: true }));
}

function key(el: Element, k: string, extra: KeyboardEventInit = {}) {
  el.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true, cancelable: true, ...extra }));
}

beforeAll(async () => {
  Reflect.set(globalThis, 'chrome', fakeChrome);
  document.body.append(root);
  const { App } = await import('./app');
  render(<App />, root);
});
afterAll(() => {
  render(null, root);
  portListeners = [];
});

describe('side panel (jsdom, fake worker)', () => {
  it('leads to settings on first run and saves a validated form', async () => {
    await until(() => $('[data-testid="first-run"]'), 'first-run settings');
    expect($('[data-testid="tab-title"]')?.textContent).toBe('Shop fixture');

    // Saving an empty form shows field errors instead of sending anything.
    $<HTMLButtonElement>('.settings button[type="submit"]')?.click();
    await until(() => $('#model-error'), 'model error');
    expect(requests.some((r) => r.type === 'set_settings')).toBe(false);

    const provider = await until(() => $<HTMLSelectElement>('#settings-provider'), 'provider');
    provider.value = 'openai-compatible';
    provider.dispatchEvent(new Event('change', { bubbles: true }));
    typeInto(await until(() => $<HTMLInputElement>('#settings-model'), 'model'), 'fake-model');
    typeInto(await until(() => $<HTMLInputElement>('#settings-apiKey'), 'key'), 'sk-test-1234');
    typeInto(await until(() => $<HTMLInputElement>('#settings-baseURL'), 'url'), 'http://127.0.0.1:9/v1');
    expect($<HTMLInputElement>('#settings-apiKey')?.type).toBe('password');
    await tick(); // let Preact commit the typed values before the buttons read them

    [...root.querySelectorAll('button')].find((b) => b.textContent === 'Test connection')?.click();
    const failed = await until(() => $('.result-failed'), 'test result');
    expect(failed.textContent).toContain('HTTP 401');

    $<HTMLButtonElement>('.settings button[type="submit"]')?.click();
    await until(() => $('[data-testid="chat-list"]'), 'chat view after save');
    expect(requests.find((r) => r.type === 'set_settings')).toMatchObject({
      settings: {
        provider: 'openai-compatible',
        model: 'fake-model',
        apiKey: 'sk-test-1234',
        baseURL: 'http://127.0.0.1:9/v1',
      },
    });
  });

  it('subscribes to its tab and sends with Enter, not Shift+Enter, in the chosen mode', async () => {
    expect(posted).toContainEqual({ type: 'subscribe', tabId: TAB });
    emit({
      type: 'snapshot',
      tabId: TAB,
      conversation: {
        tabId: TAB,
        messages: [],
        taskUsage: { inputTokens: 0, outputTokens: 0 },
        chatUsage: { inputTokens: 0, outputTokens: 0 },
      },
    });
    const act = await until(() => $<HTMLInputElement>('input[name="mode"][value="act"]'), 'mode radio');
    act.click();
    await until(() => $('[data-testid="mode-help"]')?.textContent?.includes('clicks, types'), 'act help');

    const box = await until(() => $<HTMLTextAreaElement>('#prompt'), 'composer');
    typeInto(box, 'Buy the blue mug');
    key(box, 'Enter', { shiftKey: true });
    expect(posted.some((p) => typeof p === 'object' && p !== null && 'type' in p && p.type === 'start')).toBe(false);
    key(box, 'Enter');
    expect(posted.at(-1)).toEqual({ type: 'start', tabId: TAB, task: 'Buy the blue mug', mode: 'act' });
    await until(() => $('[data-testid="msg-user"]'), 'user message');
    await until(() => $('[data-testid="stop"]'), 'stop button while starting');
  });

  it('renders streamed Markdown, tool cards, usage and a malformed event as a notice', async () => {
    emit({ type: 'task_started', tabId: TAB, taskId: 't1', mode: 'act' });
    emit({ type: 'tool_call', tabId: TAB, taskId: 't1', callId: 'c1', tool: 'click', args: { ref: 'ref_7' } });
    emit({
      type: 'tool_result',
      tabId: TAB,
      taskId: 't1',
      callId: 'c1',
      tool: 'click',
      ok: true,
      result: 'Clicked button "Add to cart"',
      ms: 120,
    });
    emit({ type: 'text_delta', tabId: TAB, taskId: 't1', messageId: 'm1', text: 'Added **one** mug' });
    emit({ type: 'text_delta', tabId: TAB, taskId: 't1', messageId: 'm1', text: '<img src=x onerror=alert(1)>' });
    emit({
      type: 'usage',
      tabId: TAB,
      taskId: 't1',
      step: { inputTokens: 1500, outputTokens: 40 },
      task: { inputTokens: 1500, outputTokens: 40 },
      chat: { inputTokens: 1500, outputTokens: 40 },
    });
    emit({ type: 'text_delta', tabId: TAB, taskId: 't1' });

    const card = await until(() => $('[data-testid="tool-card"]'), 'tool card');
    await until(() => card.getAttribute('data-outcome') === 'ok', 'tool outcome');
    expect(card.textContent).toContain('click');
    expect(card.textContent).toContain('ref_7');
    expect(card.textContent).toContain('120 ms');
    expect(card.textContent).toContain('Clicked button "Add to cart"');
    const answer = await until(() => $('[data-testid="msg-assistant"] strong'), 'markdown');
    expect(answer.textContent).toBe('one');
    expect($('[data-testid="msg-assistant"] img')).toBeNull();
    expect((await until(() => $('[data-testid="cost-meter"]'), 'cost meter')).textContent).toContain('1.5k in');
    expect((await until(() => $('[data-testid="panel-notices"]'), 'bad event notice')).textContent).toMatch(
      /malformed "text_delta"/,
    );
    expect($('[data-testid="status-line"]')?.textContent).toMatch(/Working in Act mode/);
  });

  it('asks for approval, sends Deny, and Esc stops the task', async () => {
    emit({
      type: 'approval_request',
      tabId: TAB,
      taskId: 't1',
      approvalId: 'a1',
      tool: 'click',
      args: { ref: 'ref_9' },
      site: 'https://shop.example',
      description: 'Click button "Pay $40"',
    });
    const prompt = await until(() => $('[data-testid="approval"]'), 'approval prompt');
    expect(prompt.textContent).toContain('Click button "Pay $40"');
    expect(prompt.textContent).toContain('shop.example');
    // Focus lands on the prompt itself, not on Approve, so a stray Enter cannot approve a payment.
    await until(() => document.activeElement === prompt, 'focus on the prompt');
    [...prompt.querySelectorAll('button')].find((b) => b.textContent === 'Deny')?.click();
    expect(posted.at(-1)).toEqual({ type: 'approval', tabId: TAB, approvalId: 'a1', decision: 'deny' });
    emit({ type: 'approval_resolved', tabId: TAB, taskId: 't1', approvalId: 'a1', decision: 'deny' });
    await until(() => !$('[data-testid="approval"]'), 'prompt gone');

    key(document.body, 'Escape');
    expect(posted.at(-1)).toEqual({ type: 'stop', tabId: TAB });
    emit({ type: 'task_ended', tabId: TAB, taskId: 't1', status: 'stopped' });
    await until(() => $('[data-testid="send"]'), 'send button back');
    expect([...root.querySelectorAll('[data-testid="msg-notice"]')].map((n) => n.textContent)).toEqual([
      'Denied: Click button "Pay $40" on https://shop.example',
      'Stopped.',
    ]);
  });
});
