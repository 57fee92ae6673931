import { settleNavigation, takeNavigationNotes } from '../../policy/navigation-guard';
import type { Tier } from '../../../shared/modes';
import { errorMessage } from '../../../shared/result';
import { refsOfLine } from '../../../shared/tree-line';
import { getTool, runTool, toolsFor } from '../../tools/registry';
import { WAIT_TOOL_NAMES, waitMissed } from '../../tools/wait';
import { normalizeAction } from '../../policy/normalize-action';
import { planRead, wantsWholeDocument } from './budgets';
import { renderResult, type RenderedResult } from './model-view';
import { readStatus, recordPage } from './read-progress';
import { wrapUntrusted } from '../../policy/untrusted';
import type { Guards } from './guards';
import { gatePageAction, toolApprovals, type ApprovalAsk } from '../../policy/gate';
import { saveLatestTree, saveReadMark, saveTask, type TaskRecord } from '../task/state-store';
import { imageOfResult, type StoredImage } from '../../vision/image-store';
import { planGate, runUserTool } from '../task/user-turns-exec';
import { runOwnCompound } from './batch-exec';
import { loadFamilyOf, runLoadTools } from './tool-loading';
import { noteProvenance, taskReadGate } from '../../policy/task-hooks';
import { checkedActingTab, floorBefore, noteMinted, taskTabsApi, wrongTabRefusal } from '../task/task-tabs';
import { abandonStep, beginStep, endStep, type PendingStep } from '../../workflows/recorder';
import { withSiteToolsNow } from '../../webmcp/site-tools';

export type { ApprovalAsk } from '../../policy/gate';

export interface ExecContext {
  rec: TaskRecord;
  guards: Guards;
  tier: Tier;
  contextWindow: number;
  /** Whether the model sees images (settings `vision`): tools whose result is an image are offered only then. */
  vision: boolean;
  signal: AbortSignal;
  /** ref → the tree line the model last saw for it, for describing approvals. */
  treeLines: Map<string, string>;
  requestApproval(ask: ApprovalAsk): Promise<'approve' | 'deny'>;
  /** False for a workflow replay: its steps are already a workflow, not a task to record. */
  record?: boolean;
}

export interface ExecOutcome {
  ok: boolean;
  /** Exactly what the model receives as the tool result. */
  text: string;
  /** The arguments actually dispatched (after budget clamping). */
  args: unknown;
  /** Set when a guard ends the task after this call. */
  stop?: string;
  /** The image a vision tool produced (bytes in memory only): the agent loop attaches it to the next request. */
  image?: StoredImage;
  /** The task's end status when `stop` is set and the end is not an error (the user cancelled the plan). */
  stopStatus?: 'stopped';
  /** The tool's data on success, for a batch's `expect` (never shown to the model as is). */
  data?: unknown;
}

function rememberTreeLines(tree: string, lines: Map<string, string>): void {
  // A one-line table row prints several refs: each is described by its row.
  for (const line of tree.split('\n')) for (const ref of refsOfLine(line)) lines.set(ref, line.trim());
}

/**
 * A tree result ends with its read status (read-progress.ts): complete, or what is left. It names page
 * lines (collapsed controls), so it goes inside the fence with the tree.
 */
function withReadStatus(r: RenderedResult, name: string, args: unknown, rec: TaskRecord): RenderedResult {
  if (!r.tree) return r;
  rec.readLog ??= [];
  const status = readStatus(recordPage(rec.readLog, name, args, r.tree));
  const body = `${r.body}\n${status}`;
  return { ...r, body, text: wrapUntrusted(rec.nonce, name, body) };
}

/**
 * Before a call runs: its in-flight mark, the tab's ref floor, and for an action to record, the
 * recorder's ask (its target described by its own page call, workflows/recorder.ts). An action's mark
 * must be stored before it runs: a restarted worker that finds it ends the task instead of repeating
 * what may have happened. A read's mark is stored only over an action's, without waiting for storage
 * (state-store.ts saveReadMark). The recorder's ask touches no page state,
 * so it runs while the mark is stored (issue 26).
 */
async function startCall(
  rec: TaskRecord,
  name: string,
  readOnly: boolean,
  tabId: number,
  recordArgs: unknown,
): Promise<{ floor: number; recording: PendingStep | null }> {
  rec.inFlight = { tool: name, readOnly };
  if (readOnly) saveReadMark(rec);
  const floor = await floorBefore(tabId);
  const [saved, asked] = await Promise.allSettled([
    readOnly ? undefined : saveTask(rec),
    recordArgs === undefined ? null : beginStep(tabId, recordArgs),
  ]);
  const recording = asked.status === 'fulfilled' ? asked.value : null;
  if (saved.status === 'rejected') {
    if (recording) abandonStep(recording);
    throw saved.reason;
  }
  if (asked.status === 'rejected') throw asked.reason;
  return { floor, recording };
}

/** load_tools changes no page, but a model repeating it is looping like any other: the same guard. */
function loopGuarded(name: string, out: ExecOutcome, guards: Guards): ExecOutcome {
  const loop = guards.recordCall(name, out.args, out.text);
  if (loop.kind === 'stop')
    return {
      ...out,
      stop: `Stopped: the agent repeated ${name} with the same arguments and the same result ${loop.count} times (a loop).`,
    };
  if (loop.kind === 'warn')
    return {
      ...out,
      text: `${out.text}\nWARNING: this is the ${loop.count}th identical ${name} call. Do something different.`,
    };
  return out;
}

/**
 * Runs one tool call for the model: the observation checkpoint, the read budget, the approval gate,
 * the registry's mode/tier gate, then formats and fences the result. Notes from Weaverbird itself
 * (guards, refusals) go outside the untrusted fence: they are instructions, page text is not.
 */
export async function executeCall(name: string, rawArgs: unknown, ctx: ExecContext): Promise<ExecOutcome> {
  const { rec, guards } = ctx;
  // propose_plan and ask_user wait for the user, not a page: no checkpoint, budget or gate applies.
  const own =
    (await runUserTool(name, rawArgs, rec, ctx.signal)) ?? (await runOwnCompound(name, rawArgs, ctx, executeCall));
  if (own) return own;
  const loaded = runLoadTools(name, rawArgs, rec, ctx.tier, ctx.vision);
  if (loaded) return loopGuarded(name, loaded, guards);
  const tool = getTool(name);
  const readOnly = tool?.readOnly ?? false;
  if (tool && readOnly && guards.atCheckpoint() && !guards.continuesRead(rawArgs)) {
    const text = `REFUSED: ${guards.checkpointMessage()}`;
    guards.recordCall(name, rawArgs, text);
    return { ok: false, text, args: rawArgs };
  }
  // The gate and the tool both get the normalized call (policy/normalize-action.ts).
  const plan = planRead(
    name,
    normalizeAction(name, rawArgs),
    ctx.tier,
    ctx.contextWindow,
    wantsWholeDocument(rec.task),
  );
  // Refs are per tab: one the task read in another of its tabs is refused here, naming that tab.
  const acting = await checkedActingTab(rec);
  // A load the guard blocked after the last call returned: the tab is taken back before this call
  // judges or reads it (policy/nav-settle.ts).
  await settleNavigation(acting.tabId, ctx.signal);
  const misplaced = await wrongTabRefusal(rec, plan.args);
  if (misplaced) {
    guards.recordCall(name, plan.args, misplaced);
    return { ok: false, text: [misplaced, acting.note ?? ''].filter(Boolean).join('\n'), args: plan.args };
  }
  // The mode/tier gate, not the shown list: a family's tools are gated the same loaded or not.
  const offered = toolsFor(rec.mode, ctx.tier, ctx.vision).some((t) => t.name === name);
  const loadedNote = loadFamilyOf(name, rec, ctx.tier, ctx.vision);

  const gated = tool && !readOnly && offered && (rec.mode !== 'ask' || tool.askGated === true);
  if (gated) {
    // site_tool's gate applies plan first itself: only once it knows the tool is not read-only.
    const refused = (name === 'site_tool' ? null : planGate(rec, name)) ?? (await gatePageAction(name, plan.args, ctx));
    if (refused) {
      guards.recordCall(name, plan.args, refused);
      return { ok: false, text: refused, args: plan.args };
    }
  }
  if (ctx.signal.aborted) return { ok: false, text: 'CANCELLED: the user stopped the task.', args: plan.args };

  const record = gated && ctx.record !== false;
  const { floor, recording } = await startCall(rec, name, readOnly, acting.tabId, record ? plan.args : undefined);
  // Every read of a frame or page goes through the read gate, Ask mode included (policy/read-gate.ts).
  const reads = taskReadGate(rec, name, plan.args, ctx.requestApproval, ctx.signal);
  let result;
  try {
    result = await runTool(name, plan.args, {
      tabId: acting.tabId,
      taskId: rec.taskId,
      mode: rec.mode,
      tier: ctx.tier,
      vision: ctx.vision,
      signal: ctx.signal,
      tabs: taskTabsApi(rec),
      reads,
      ...(gated ? { approvals: toolApprovals(name, plan.args, ctx) } : {}),
    });
  } catch (e) {
    result = { ok: false as const, error: { code: 'tool_failed', message: `${name} failed: ${errorMessage(e)}` } };
  }
  rec.inFlight = undefined;
  // A load the action started (a link, a submit, a download that became a navigation) is waited for
  // here too, so what the guard did with it is told in this action's own result (nav-settle.ts).
  if (gated) await settleNavigation(acting.tabId, ctx.signal);
  // A page with site tools (WebMCP) may add or drop some as it acts: told here, not on a later read.
  if (gated) result = await withSiteToolsNow(acting.tabId, result);
  await noteMinted(rec, acting.tabId, floor);
  const stepped = recording && result.ok ? endStep(acting.tabId, rec, name, plan.args, recording) : undefined;
  if (recording && !result.ok) abandonStep(recording);

  const rendered = withReadStatus(renderResult(name, result, plan, rec.nonce), name, plan.args, rec);
  const { body, tree } = rendered;
  if (tree) {
    rememberTreeLines(tree.tree, ctx.treeLines);
    saveLatestTree({ tabId: rec.tabId, url: tree.url, title: tree.title, text: body, ts: Date.now() });
  }
  // Three records of the call, none needing another (issue 26): waited for together. The navigation
  // notes are taken after the action's own settle above, so a load it started is told here.
  const [, , navNotes] = await Promise.all([
    stepped,
    noteProvenance(rec, reads, acting.tabId, body),
    takeNavigationNotes(rec.taskId),
  ]);

  const wasAtCheckpoint = guards.atCheckpoint();
  // Waiting is neither reading nor progress: a wait does not count towards the checkpoint, and a wait
  // that "succeeds" (or times out) does not reset it either, or reads with waits between would never
  // reach it (docs/verify-extract.md). Waits are still loop-guarded below.
  if (WAIT_TOOL_NAMES.has(name)) {
    // nothing to record
  } else if (readOnly) guards.recordRead(tree);
  else guards.recordAction(result.ok);
  const loop = guards.recordCall(name, plan.args, body);

  const notes: string[] = acting.note ? [acting.note] : [];
  if (loadedNote) notes.push(loadedNote);
  if (plan.notice && !tree) notes.push(`NOTE: ${plan.notice}`);
  if (loop.kind === 'warn') {
    notes.push(
      `WARNING: this is the ${loop.count}th identical ${name} call with an identical result. Do something different or answer now; one more repeat stops the task.`,
    );
  }
  if (!wasAtCheckpoint && guards.atCheckpoint()) notes.push(`CHECKPOINT: ${guards.checkpointMessage()}`);
  notes.push(...navNotes);
  const text = [rendered.text, ...notes].join('\n');
  const stop =
    loop.kind === 'stop'
      ? `Stopped: the agent repeated ${name} with the same arguments and the same result ${loop.count} times (a loop).`
      : undefined;
  const image = result.ok && tool?.vision ? imageOfResult(result.data) : undefined;
  return {
    ok: result.ok && !waitMissed(name, result.data),
    text,
    args: plan.args,
    ...(stop ? { stop } : {}),
    ...(image ? { image } : {}),
    ...(result.ok ? { data: result.data } : {}),
  };
}
