/**
 * `console_read` in Firefox, which gives extensions no debugger (no CDP Runtime/Log domains): a hook
 * injected into the page's main world with scripting.executeScript({world:'MAIN'}) on first use wraps
 * console.log/info/debug/warn/error and listens for `error` and `unhandledrejection`, into a bounded
 * buffer on the page's window. Each read injects the same function again, which installs nothing twice
 * and returns the buffer. What differs from Chrome: messages logged before the first read of the
 * document are not seen, nor the browser's own messages (failed loads, CSP violations); a navigation
 * starts a new, empty buffer.
 *
 * The buffer lives in the page, so the page can write to it: its entries are page text like any console
 * message (validated, counted, cut and URL-redacted here).
 */
import { z } from 'zod';
import { err, errorMessage, ok, type Result } from '../../shared/result';
import { withTimeout } from '../../shared/timeout';
import { atLevel, clip, type ConsoleEntry, type ConsoleLevel } from '../observe/console-format';

const BUFFER_MAX = 500;
const READ_DEADLINE_MS = 5_000;

/** Runs in the page (serialized: no closures, no imports). Installs once per document; returns the buffer. */
function pageConsoleHook(max: number): unknown {
  const KEY = Symbol.for('weaverbird.console');
  const existing: unknown = Reflect.get(window, KEY);
  if (existing && typeof existing === 'object') return { fresh: false, ...existing };
  const entries: unknown[] = [];
  const state = { since: Date.now(), dropped: 0, entries };
  Object.defineProperty(window, KEY, { value: state, configurable: false, enumerable: false, writable: false });
  const show = (v: unknown): string => {
    if (typeof v === 'string') return v;
    if (v instanceof Error) return `${v.name}: ${v.message}`;
    try {
      return JSON.stringify(v) ?? String(v);
    } catch {
      return String(v);
    }
  };
  const push = (type: string, source: string, text: string, at?: string): void => {
    if (state.entries.length >= max) {
      state.entries.shift();
      state.dropped++;
    }
    state.entries.push({ ts: Date.now(), type, source, text: text.slice(0, 20_000), ...(at ? { at } : {}) });
  };
  const levels: [string, string][] = [
    ['log', 'log'],
    ['info', 'info'],
    ['debug', 'debug'],
    ['warn', 'warning'],
    ['error', 'error'],
  ];
  for (const [name, type] of levels) {
    const original: unknown = Reflect.get(console, name);
    if (typeof original !== 'function') continue;
    Reflect.set(console, name, function (this: unknown, ...args: unknown[]): unknown {
      push(type, 'console', args.map(show).join(' '));
      return Reflect.apply(original, this, args);
    });
  }
  window.addEventListener('error', (e) =>
    push('error', 'exception', `Uncaught ${show(e.error ?? e.message)}`, e.filename ? `${e.filename}:${e.lineno}` : ''),
  );
  window.addEventListener('unhandledrejection', (e) =>
    push('error', 'exception', `Uncaught (in promise) ${show(e.reason)}`),
  );
  return { fresh: true, ...state };
}

const HookSchema = z.object({
  fresh: z.boolean(),
  since: z.number(),
  dropped: z.number(),
  entries: z
    .array(
      z.object({
        ts: z.number(),
        type: z.enum(['log', 'info', 'debug', 'warning', 'error']),
        source: z.enum(['console', 'exception']),
        text: z.string(),
        at: z.string().optional(),
      }),
    )
    .max(BUFFER_MAX),
});

export interface ConsoleReadReport {
  /** Messages matching level and frame, before the limit. */
  matching: number;
  messages: Omit<ConsoleEntry, 'contextId'>[];
  note?: string;
}

/** Installs the hook in one frame (or reads what it caught), then filters as Chrome's reader does. */
export async function readPageConsole(
  tabId: number,
  frameId: number,
  opts: { level: ConsoleLevel; limit: number },
): Promise<Result<ConsoleReadReport>> {
  // withTimeout reads a rejection as a timeout, so the rejection is made a value first.
  const settled = await withTimeout(
    chrome.scripting
      .executeScript({
        target: { tabId, frameIds: [frameId] },
        world: 'MAIN',
        func: pageConsoleHook,
        args: [BUFFER_MAX],
      })
      .then(
        (results) => ({ results }),
        (e: unknown) => ({ failed: errorMessage(e) }),
      ),
    READ_DEADLINE_MS,
    () => null,
  );
  if (!settled) return err('timeout', `the page did not answer within ${READ_DEADLINE_MS} ms (busy or frozen)`);
  if ('failed' in settled) return err('page_not_scriptable', `cannot read this page's console: ${settled.failed}`);
  const raw: unknown = settled.results[0]?.result;
  const hook = HookSchema.safeParse(raw);
  if (!hook.success)
    return err('console_unreadable', "the page's console buffer has an unexpected shape (the page replaced it)");
  const entries: ConsoleEntry[] = hook.data.entries.map((e) => ({
    ts: e.ts,
    type: e.type,
    source: e.source,
    text: clip(e.text),
    ...(e.at ? { at: clip(e.at) } : {}),
  }));
  const matching = entries.filter((e) => atLevel(e, opts.level));
  const since = new Date(hook.data.since).toISOString();
  const note = hook.data.fresh
    ? 'Firefox: console capture starts now (first read of this page); earlier messages are not available. Read again after the page acts.'
    : `Firefox: messages since ${since} (the first read of this page); the browser's own messages (failed loads, CSP) are not seen${hook.data.dropped ? `; ${hook.data.dropped} older messages dropped` : ''}.`;
  return ok({ matching: matching.length, messages: matching.slice(-opts.limit), note });
}
