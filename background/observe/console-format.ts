/**
 * Turns CDP console events (Runtime.consoleAPICalled, Runtime.exceptionThrown, Log.entryAdded) into
 * the lines `console_read` reports. Every text has its URLs sanitized (shared/url-sanitize.ts) before it
 * is cut, so a cut can never leave half a token behind. Pure: parses the CDP payloads with zod.
 *
 * CDP reference: https://chromedevtools.github.io/devtools-protocol/tot/Runtime/ and /Log/.
 */
import { z } from 'zod';
import { sanitizeUrl, sanitizeUrlsInText } from '../../shared/url-sanitize';
import { sliceSafe } from '../../shared/text';

/** Longest text kept per message; the rest is counted, not shown. */
export const CONSOLE_TEXT_MAX = 8_192;

type ConsoleType = 'log' | 'info' | 'debug' | 'warning' | 'error';

export interface ConsoleEntry {
  /** Epoch ms. */
  ts: number;
  type: ConsoleType;
  /** console: the page called console.*; exception: uncaught error or unhandled rejection; browser: Chrome's own (network, violations). */
  source: 'console' | 'exception' | 'browser';
  text: string;
  /** Sanitized `url:line` of where it was logged, when known. */
  at?: string;
  /** CDP execution context; absent for browser entries. */
  contextId?: number;
}

const PreviewProperty = z.object({ name: z.string(), type: z.string(), value: z.string().optional() });
const RemoteObject = z.object({
  type: z.string(),
  subtype: z.string().optional(),
  value: z.unknown().optional(),
  unserializableValue: z.string().optional(),
  description: z.string().optional(),
  preview: z
    .object({
      overflow: z.boolean().optional(),
      properties: z.array(PreviewProperty).optional(),
      subtype: z.string().optional(),
    })
    .optional(),
});
type RemoteObjectT = z.infer<typeof RemoteObject>;

const CallFrame = z.object({ url: z.string(), lineNumber: z.number() });
const StackTrace = z.object({ callFrames: z.array(CallFrame) });

export const ConsoleApiCalled = z.object({
  type: z.string(),
  args: z.array(RemoteObject),
  executionContextId: z.number(),
  timestamp: z.number(),
  stackTrace: StackTrace.optional(),
});

export const ExceptionThrown = z.object({
  timestamp: z.number(),
  exceptionDetails: z.object({
    text: z.string(),
    lineNumber: z.number().optional(),
    url: z.string().optional(),
    exception: RemoteObject.optional(),
    executionContextId: z.number().optional(),
    stackTrace: StackTrace.optional(),
  }),
});

export const LogEntryAdded = z.object({
  entry: z.object({
    source: z.string(),
    level: z.string(),
    text: z.string(),
    timestamp: z.number(),
    url: z.string().optional(),
    lineNumber: z.number().optional(),
  }),
});

export const ContextCreated = z.object({
  context: z.object({
    id: z.number(),
    auxData: z.object({ frameId: z.string().optional(), isDefault: z.boolean().optional() }).optional(),
  }),
});

/** Sanitized, then cut at CONSOLE_TEXT_MAX with an exact count of what was left out. */
export function clip(text: string): string {
  const clean = sanitizeUrlsInText(text);
  if (clean.length <= CONSOLE_TEXT_MAX) return clean;
  return `${sliceSafe(clean, CONSOLE_TEXT_MAX)}… [truncated ${clean.length - CONSOLE_TEXT_MAX} of ${clean.length} chars]`;
}

function previewText(o: RemoteObjectT): string | null {
  const props = o.preview?.properties;
  if (!props) return null;
  const more = o.preview?.overflow ? ', …' : '';
  const show = (p: z.infer<typeof PreviewProperty>) =>
    p.type === 'string' ? JSON.stringify(p.value ?? '') : (p.value ?? p.type);
  if (o.subtype === 'array') return `[${props.map(show).join(', ')}${more}]`;
  return `{${props.map((p) => `${p.name}: ${show(p)}`).join(', ')}${more}}`;
}

/** One console argument as DevTools would print it, roughly. */
function remoteText(o: RemoteObjectT): string {
  if (o.type === 'string' && typeof o.value === 'string') return o.value;
  if (o.unserializableValue !== undefined) return o.unserializableValue;
  if (o.type === 'undefined') return 'undefined';
  if (o.type === 'object' && o.subtype === 'null') return 'null';
  if (o.type === 'object' && o.subtype !== 'error') {
    const p = previewText(o);
    if (p !== null) return p;
  }
  if (o.description !== undefined) return o.description;
  if (o.value !== undefined) return JSON.stringify(o.value) ?? String(o.type);
  return o.type;
}

/** console.log's format string (%s %d %i %f %o %O %j %c), then the remaining arguments space-separated. */
export function formatArgs(args: readonly RemoteObjectT[]): string {
  const first = args[0];
  if (!first) return '';
  let rest = args.slice(1);
  let head = remoteText(first);
  if (first.type === 'string' && head.includes('%')) {
    head = head.replace(/%([sdifoOjc%])/g, (m, k: string) => {
      if (k === '%') return '%';
      const next = rest[0];
      if (!next) return m;
      rest = rest.slice(1);
      if (k === 'c') return '';
      const t = remoteText(next);
      return k === 'd' || k === 'i' ? String(Math.trunc(Number(t))) : t;
    });
  }
  return [head, ...rest.map(remoteText)].join(' ');
}

function where(url: string | undefined, line: number | undefined): string | undefined {
  if (!url) return undefined;
  return line !== undefined ? `${sanitizeUrl(url)}:${line + 1}` : sanitizeUrl(url);
}

const API_TYPES: Readonly<Record<string, ConsoleType>> = {
  error: 'error',
  assert: 'error',
  warning: 'warning',
  info: 'info',
  debug: 'debug',
};

export function fromConsoleApi(e: z.infer<typeof ConsoleApiCalled>): ConsoleEntry {
  const frame = e.stackTrace?.callFrames[0];
  const at = where(frame?.url, frame?.lineNumber);
  return {
    ts: e.timestamp,
    type: API_TYPES[e.type] ?? 'log',
    source: 'console',
    text: clip(formatArgs(e.args)),
    ...(at ? { at } : {}),
    contextId: e.executionContextId,
  };
}

export function fromException(e: z.infer<typeof ExceptionThrown>): ConsoleEntry {
  const d = e.exceptionDetails;
  // Chrome puts "Uncaught" / "Uncaught (in promise)" in `text` and the error itself in `exception`.
  const detail = d.exception ? remoteText(d.exception) : '';
  const frame = d.stackTrace?.callFrames[0];
  const at = where(d.url ?? frame?.url, d.lineNumber ?? frame?.lineNumber);
  return {
    ts: e.timestamp,
    type: 'error',
    source: 'exception',
    text: clip(detail ? `${d.text} ${detail}` : d.text),
    ...(at ? { at } : {}),
    ...(d.executionContextId !== undefined ? { contextId: d.executionContextId } : {}),
  };
}

const LOG_LEVELS: Readonly<Record<string, ConsoleType>> = {
  verbose: 'debug',
  info: 'info',
  warning: 'warning',
  error: 'error',
};

export function fromLogEntry(e: z.infer<typeof LogEntryAdded>): ConsoleEntry {
  const at = where(e.entry.url, e.entry.lineNumber);
  return {
    ts: e.entry.timestamp,
    type: LOG_LEVELS[e.entry.level] ?? 'info',
    source: 'browser',
    text: clip(e.entry.text),
    ...(at ? { at } : {}),
  };
}

export const CONSOLE_LEVELS = ['all', 'warning', 'error'] as const;
export type ConsoleLevel = (typeof CONSOLE_LEVELS)[number];

export function atLevel(e: ConsoleEntry, level: ConsoleLevel): boolean {
  if (level === 'error') return e.type === 'error';
  if (level === 'warning') return e.type === 'error' || e.type === 'warning';
  return true;
}
