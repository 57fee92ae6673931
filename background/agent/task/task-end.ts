/**
 * The one cleanup when a task ends, however it ends (done, error, Stop, a driven run's end): the
 * task's trust, reads, files, dialog watches, navigation guard and tabs are released, the record
 * deleted, the workflow recording marked, a good answer kept as chat history with its origins, and
 * the panel told. `endInterrupted` is the end of a task a worker restart cannot resume.
 */
import { stopNetworkLogsOf } from '../../observe/network-log';
import { loadSettings } from '../../settings-store';
import { redactText } from '../../../shared/redact';
import { forgetTaskTrust } from '../../policy/trusted-sites';
import { recordTurnOrigins } from '../../policy/carry-over';
import { stopNavigationGuard } from '../../policy/navigation-guard';
import { forgetTaskReads } from '../../policy/task-hooks';
import { releaseDialogWatches } from '../../cdp/dialogs';
import { noteTaskEnded } from '../../workflows/recorder';
import type { TaskOutcome } from '../loop/runner';
import { emit, flushConversation } from './event-hub';
import { setTaskKeepalive } from './keepalive';
import { deleteTask, loadChatHistory, saveChatHistory, type TaskRecord } from './state-store';
import { forgetTaskFiles } from './task-files';
import { running } from './task-running';
import { releaseTaskTabs } from './task-tabs';
import { taskTabIds } from './task-tabs-state';

/** Every origin a task's tab was on: where it started, what the user approved, where it ended. */
async function exchangeOrigins(rec: TaskRecord): Promise<string[]> {
  const origins = rec.origins ? [rec.origins.start, ...rec.origins.approved] : [];
  try {
    const url = (await chrome.tabs.get(rec.tabId)).url;
    if (url) origins.push(new URL(url).origin);
  } catch {
    // The tab is gone or not a URL: what the record holds is all there is.
  }
  return origins;
}

export async function finishTask(rec: TaskRecord, result: TaskOutcome): Promise<void> {
  // Defence in depth: whatever produced the message, the key never reaches the panel.
  const key = (await loadSettings()).apiKey;
  const outcome = result.error && key ? { ...result, error: redactText(result.error, [key]) } : result;
  running.delete(rec.tabId);
  setTaskKeepalive(running.size > 0);
  stopNetworkLogsOf(rec.taskId);
  await forgetTaskTrust(rec.taskId);
  await forgetTaskReads(rec.taskId);
  await forgetTaskFiles(rec.taskId);
  releaseDialogWatches(taskTabIds(rec.tabId, rec.tabs));
  await stopNavigationGuard(rec.taskId);
  await releaseTaskTabs(rec).catch(() => undefined);
  await deleteTask(rec.tabId);
  await noteTaskEnded(rec.tabId, rec.taskId, outcome.status);
  if (outcome.status === 'done' && outcome.answer) {
    const history = await loadChatHistory(rec.tabId);
    history.push({ role: 'user', content: rec.task }, { role: 'assistant', content: outcome.answer });
    await saveChatHistory(rec.tabId, history);
    // Where this exchange was made, so a later task on another site gets it fenced (policy/carry-over.ts).
    await recordTurnOrigins(rec.tabId, await exchangeOrigins(rec));
  }
  await emit({
    type: 'task_ended',
    tabId: rec.tabId,
    taskId: rec.taskId,
    status: outcome.status,
    ...(outcome.answer !== undefined ? { answer: outcome.answer } : {}),
    ...(outcome.error !== undefined ? { error: outcome.error } : {}),
  });
  await flushConversation(rec.tabId);
}

/** Ends a task that cannot go on after a worker restart, with a status the user sees. */
export async function endInterrupted(rec: TaskRecord, why: string): Promise<void> {
  await releaseTaskTabs(rec).catch(() => undefined);
  await deleteTask(rec.tabId);
  await emit({ type: 'task_ended', tabId: rec.tabId, taskId: rec.taskId, status: 'interrupted', error: why });
  await flushConversation(rec.tabId);
}
