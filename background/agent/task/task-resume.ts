/**
 * Runs at every worker start: tasks still in session storage were running when Chrome stopped the
 * worker. Each one resumes from its last whole step, or ends as `interrupted` when resuming could
 * repeat a page action that may already have happened.
 */
import { errorMessage } from '../../../shared/result';
import { pruneNavigationGuards } from '../../policy/navigation-guard';
import { getTool } from '../../tools/registry';
import { addNotice } from './event-hub';
import { setTaskKeepalive } from './keepalive';
import { deleteTask, listTasks, saveTask, type TaskRecord } from './state-store';
import { endInterrupted } from './task-end';
import { launch } from './task-manager';
import { running } from './task-running';
import { notRunResults, unansweredCalls } from './unanswered-step';

/** A task the worker keeps dying on is abandoned rather than resumed forever. */
const MAX_RESUMES = 3;

let resuming: Promise<void> | null = null;
export function resumeInterruptedTasks(): Promise<void> {
  // Start-up and the watchdog alarm can both ask at once; one pass at a time.
  resuming ??= resumeOnce().finally(() => (resuming = null));
  return resuming;
}

async function resumeOnce(): Promise<void> {
  let records: TaskRecord[];
  try {
    records = await listTasks();
  } catch (e) {
    console.warn('Weaverbird: could not read interrupted tasks:', errorMessage(e));
    return;
  }
  for (const rec of records) {
    if (running.has(rec.tabId)) continue;
    try {
      await chrome.tabs.get(rec.tabId);
    } catch {
      await deleteTask(rec.tabId);
      continue;
    }
    if (rec.driver !== undefined) {
      // The MCP connection died with the worker; the client reconnects and starts a new session.
      await endInterrupted(
        rec,
        `Interrupted: Chrome restarted Weaverbird's worker, which ended the session driven by ${rec.driver}.`,
      );
      continue;
    }
    if (rec.inFlight && !rec.inFlight.readOnly) {
      await endInterrupted(
        rec,
        `Interrupted: Chrome stopped Weaverbird's worker while ${rec.inFlight.tool} was running, so it is unknown whether that action happened. Check the page, then ask again.`,
      );
      continue;
    }
    // The step the worker died in (unanswered-step.ts): an action in it may have happened before the
    // read that was in flight, so only a step of reads is closed and resumed.
    const pending = unansweredCalls(rec.history);
    const action = pending.find((c) => getTool(c.toolName)?.readOnly !== true);
    if (action) {
      await endInterrupted(
        rec,
        `Interrupted: Chrome stopped Weaverbird's worker during a step that included ${action.toolName}, so it is unknown whether that action happened. Check the page, then ask again.`,
      );
      continue;
    }
    if (rec.resumes >= MAX_RESUMES) {
      await endInterrupted(
        rec,
        `Interrupted: the worker was stopped ${rec.resumes + 1} times during this task; it was not resumed again.`,
      );
      continue;
    }
    rec.resumes++;
    rec.inFlight = undefined;
    if (pending.length > 0) {
      rec.history.push(notRunResults(pending));
      rec.step++;
    }
    await saveTask(rec);
    await addNotice(
      rec.tabId,
      `Chrome restarted Weaverbird's worker during this task; resuming from step ${rec.step + 1}.`,
    );
    launch(rec, true, rec.maxSteps);
  }
  // Rules of tasks that ended above (or died with the worker) must not outlive them.
  await pruneNavigationGuards([...running.values()].map((r) => r.taskId));
  if (running.size === 0) setTaskKeepalive(false);
}
