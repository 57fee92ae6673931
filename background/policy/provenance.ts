/**
 * Provenance of what the model read, per task (issue 24): every tool result is noted under the
 * origins its content came from (the read gate says which; read-gate.ts), in chrome.storage.session
 * so a worker restart keeps it and the browser session ending drops it. Writes ask when they carry
 * text read on another origin (write-gate.ts); the navigation guard asks the same of URLs through
 * `flowsInto`. The rules are pure, in provenance-ledger.ts.
 */
import * as z from 'zod/mini';
import { emptyLedger, findFlow, noteRead, noteUserText, sameLedger, type Flow, type Ledger } from './provenance-ledger';

export type { Flow } from './provenance-ledger';

const key = (taskId: string): string => `wb.provenance.${taskId}`;
const LedgerSchema = z.object({ user: z.array(z.string()), origins: z.record(z.string(), z.array(z.string())) });

/** Writes of one task are serialised: two results noted at once must not drop each other's tokens. */
const queues = new Map<string, Promise<unknown>>();

function serialised<T>(taskId: string, work: () => Promise<T>): Promise<T> {
  const next = (queues.get(taskId) ?? Promise.resolve()).then(work, work);
  queues.set(
    taskId,
    next.catch(() => undefined),
  );
  return next;
}

/**
 * The ledgers this worker has loaded or written (issue 26: no storage round trip per call). Storage
 * stays the truth across a worker restart: every write goes through to it, and a fresh worker starts
 * with this map empty and reads storage. This module is the ledger's only writer, so the map cannot
 * fall behind it. Ledgers are immutable values (provenance-ledger.ts), safe to share.
 */
const memory = new Map<string, Ledger>();

async function load(taskId: string): Promise<Ledger> {
  const cached = memory.get(taskId);
  if (cached) return cached;
  const raw: Record<string, unknown> = await chrome.storage.session.get(key(taskId));
  const parsed = LedgerSchema.safeParse(raw[key(taskId)]);
  const ledger = parsed.success ? parsed.data : emptyLedger();
  // A write that finished while storage was read is newer: keep it.
  const now = memory.get(taskId) ?? ledger;
  memory.set(taskId, now);
  return now;
}

async function save(taskId: string, ledger: Ledger): Promise<void> {
  // Memory first: a flowsInto check that runs while the write is in flight already sees the note.
  memory.set(taskId, ledger);
  await chrome.storage.session.set({ [key(taskId)]: ledger });
}

/** Notes a tool result as read on `origins`, and the user's task text as the user's own. */
export function recordRead(taskId: string, origins: Iterable<string>, text: string, userText: string): Promise<void> {
  const list = [...origins];
  return serialised(taskId, async () => {
    const before = await load(taskId);
    const ledger = noteRead(before.user.length > 0 ? before : noteUserText(before, userText), list, text);
    // Most results hold nothing new (a click's "ok", a re-read of the same page): no storage write for them.
    if (!sameLedger(ledger, before)) await save(taskId, ledger);
  });
}

/**
 * Whether `text` (typed, submitted, put in a URL, given to a site tool) carries something the task
 * read on another origin than `destinationOrigin`: the origin it came from and a token, or null.
 */
export async function flowsInto(taskId: string, text: string, destinationOrigin: string): Promise<Flow | null> {
  return findFlow(await load(taskId), text, destinationOrigin);
}

export async function forgetProvenance(taskId: string): Promise<void> {
  queues.delete(taskId);
  memory.delete(taskId);
  await chrome.storage.session.remove(key(taskId));
}
