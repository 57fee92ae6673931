/**
 * The debug log's ring buffer, kept in worker memory and mirrored to chrome.storage.session so it
 * survives a worker restart (MV3 stops an idle worker after 30 s; the log of the task that was
 * running must still be there when someone opens the panel to see why it failed). Session storage
 * is in memory, cleared with the browser session, and not readable by content scripts.
 *
 * Bounded twice: at most TRACE_CAPACITY entries in memory, and at most STORED_CHARS characters of
 * entries in storage (newest first), which keeps the mirror well inside the 10 MB session quota
 * that task records share.
 */
import { z } from 'zod';
import { errorMessage } from '../../shared/result';

const TraceEntrySchema = z.object({
  id: z.number(),
  ts: z.number(),
  provider: z.string(),
  model: z.string(),
  method: z.string(),
  url: z.string(),
  requestHeaders: z.record(z.string(), z.string()),
  /** The request body, cut for storage (trace.ts `cutBody`); `requestChars` is its real length. */
  requestBody: z.string(),
  requestChars: z.number(),
  status: z.number().optional(),
  responseBody: z.string().optional(),
  responseChars: z.number().optional(),
  ms: z.number().optional(),
  error: z.string().optional(),
});
export type TraceEntry = z.infer<typeof TraceEntrySchema>;

/** How many request/response pairs the debug log keeps: enough for a long task. */
const TRACE_CAPACITY = 200;
/** Characters of entries mirrored to session storage, newest first. */
const STORED_CHARS = 2_000_000;
const STORAGE_KEY = 'wb.trace';
const SAVE_DELAY_MS = 300;

const entries: TraceEntry[] = [];
let nextId = 1;
let saveTimer: ReturnType<typeof setTimeout> | undefined;

async function restore(): Promise<void> {
  if (typeof chrome === 'undefined' || !chrome.storage?.session) return;
  try {
    const raw: Record<string, unknown> = await chrome.storage.session.get(STORAGE_KEY);
    const parsed = z.array(TraceEntrySchema).safeParse(raw[STORAGE_KEY]);
    if (!parsed.success) return;
    // Entries recorded since this worker started are newer than anything stored.
    const known = new Set(entries.map((e) => e.id));
    const older = parsed.data.filter((e) => !known.has(e.id));
    entries.unshift(...older);
    if (entries.length > TRACE_CAPACITY) entries.splice(0, entries.length - TRACE_CAPACITY);
    const maxId = entries.reduce((m, e) => Math.max(m, e.id), 0);
    if (maxId >= nextId) nextId = maxId + 1;
  } catch (e) {
    console.warn(`Weaverbird: could not restore the debug log: ${errorMessage(e)}`);
  }
}

// Started at module load (the worker's top level): a request recorded before it finishes still
// gets a fresh id, because ids of restored entries are only compared, never reused.
const restored = restore();

function save(): void {
  saveTimer = undefined;
  if (typeof chrome === 'undefined' || !chrome.storage?.session) return;
  const kept: TraceEntry[] = [];
  let chars = 0;
  for (let i = entries.length - 1; i >= 0; i--) {
    const e = entries[i];
    if (!e) continue;
    const size = e.requestBody.length + (e.responseBody?.length ?? 0) + 500;
    if (chars + size > STORED_CHARS && kept.length > 0) break;
    chars += size;
    kept.unshift(e);
  }
  chrome.storage.session.set({ [STORAGE_KEY]: kept }).catch((e: unknown) => {
    console.warn(`Weaverbird: could not save the debug log: ${errorMessage(e)}`);
  });
}

/** Call after adding or completing an entry: the mirror is written shortly after, once per burst. */
export function persistSoon(): void {
  if (saveTimer === undefined) saveTimer = setTimeout(save, SAVE_DELAY_MS);
}

export function newTraceId(): number {
  return nextId++;
}

export function pushTrace(entry: TraceEntry): void {
  entries.push(entry);
  if (entries.length > TRACE_CAPACITY) entries.splice(0, entries.length - TRACE_CAPACITY);
  persistSoon();
}

/** Newest last, restored entries included. Copies, so callers cannot edit the buffer. */
export async function traceEntries(): Promise<TraceEntry[]> {
  await restored;
  return entries.map((e) => ({ ...e }));
}
