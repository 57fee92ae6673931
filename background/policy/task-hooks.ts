/**
 * The policy's two hooks in the agent loop (background/agent/loop/tool-exec.ts): the read gate handed
 * to every tool call of a task, in every mode, and the provenance note taken of what the call
 * returned to the model.
 */
import type { ActionKind } from './approval-rules';
import { startOrigins } from './origin-policy';
import type { TaskRecord } from '../agent/task/state-store';
import { settleNavigation } from './navigation-guard';
import { forgetProvenance, recordRead } from './provenance';
import { forgetReadOrigins, framesOf, makeReadGate, type ReadGate } from './read-gate';
import { contentOrigin } from './read-scope';

async function tabUrl(tabId: number): Promise<string | undefined> {
  try {
    return (await chrome.tabs.get(tabId)).url;
  } catch {
    return undefined;
  }
}

type Ask = (ask: {
  tool: string;
  args: unknown;
  site: string;
  description: string;
  kind: ActionKind;
}) => Promise<'approve' | 'deny'>;

export function taskReadGate(
  rec: TaskRecord,
  tool: string,
  args: unknown,
  requestApproval: Ask,
  signal?: AbortSignal,
): ReadGate {
  return makeReadGate({
    taskId: rec.taskId,
    // A record from before origins were kept starts from its tab, as the approval gate does (gate.ts).
    navOrigins: async () => (rec.origins ??= startOrigins(await tabUrl(rec.tabId))),
    // Reads are never covered by a "trust this site" grant ('other'): each origin is asked once per task.
    ask: async (site, description) =>
      (await requestApproval({ tool, args, site, description, kind: 'other' })) === 'approve',
    settle: (tabId) => settleNavigation(tabId, signal),
  });
}

/**
 * Notes what the model was given as read on the origins the call read (the read gate saw them);
 * a call that named no frame read the acting tab's page.
 */
export async function noteProvenance(rec: TaskRecord, reads: ReadGate, tabId: number, text: string): Promise<void> {
  let origins = [...reads.origins];
  if (origins.length === 0) {
    const page = contentOrigin(await framesOf(tabId), 0);
    origins = page === null ? [] : [page];
  }
  if (origins.length > 0) await recordRead(rec.taskId, origins, text, rec.task);
}

/** A finished task's read approvals and ledger go with it. */
export async function forgetTaskReads(taskId: string): Promise<void> {
  await Promise.all([forgetReadOrigins(taskId), forgetProvenance(taskId)]);
}
