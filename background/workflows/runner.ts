/**
 * Replays a workflow without the model (issue 30; docs/workflows.md). Each step: put the parameter
 * values in, find its element again by meaning (resolve.ts), act through executeCall — the same
 * path as a live action, so the mode, approval, origin and read gates judge the exact call — then
 * check the recorded outcome. A step whose element is missing or ambiguous alone goes to the model
 * (healer.ts); a run that matches the page makes zero model calls. A run that healed and succeeded
 * is saved as the workflow's next revision.
 */
import { errorMessage, err, ok, type Result } from '../../shared/result';
import { isApprovedAtSave, substituteParams, type Workflow, type WorkflowStep } from '../../shared/workflow';
import { sleep } from '../../shared/timeout';
import { executeCall } from '../agent/loop/tool-exec';
import { emptyGuards, Guards } from '../agent/loop/guards';
import { deleteTask, type TaskRecord } from '../agent/task/state-store';
import { runningTask } from '../agent/task/task-manager';
import { releaseTaskTabs } from '../agent/task/task-tabs';
import { onOriginsChanged, stopNavigationGuard } from '../policy/navigation-guard';
import { originOf } from '../policy/trusted-sites';
import { makeNonce } from '../policy/untrusted';
import { forgetTaskReads } from '../policy/task-hooks';
import { loadSettings } from '../settings-store';
import { describeRef } from './describe-ref';
import { healStep } from './healer';
import { pageOf } from './recorder';
import { resolveTarget } from './resolve';
import { saveWorkflow } from './store';

interface StepReport {
  tool: string;
  ok: boolean;
  healed: boolean;
  note?: string;
}

export interface WorkflowRunReport {
  status: 'done' | 'failed' | 'refused';
  modelCalls: number;
  steps: StepReport[];
  healed: number;
  /** The revision saved when healing repaired steps. */
  revision?: number;
  error?: string;
}

/** How long a step's recorded page change may take to show (a navigation after a click). */
const OUTCOME_WAIT_MS = 5000;
/** A restart never resumes a replay with the model: the task manager ends it as interrupted. */
const NEVER_RESUME = 99;

const replaying = new Set<number>();

function replayRecord(wf: Workflow, tabId: number, start: string): TaskRecord {
  return {
    taskId: `wf-${crypto.randomUUID().slice(0, 9)}`,
    tabId,
    mode: 'act',
    task: `workflow "${wf.name}"`,
    nonce: makeNonce(),
    step: 0,
    startedAt: Date.now(),
    history: [],
    guards: emptyGuards(),
    usage: { inputTokens: 0, outputTokens: 0 },
    steps: [],
    malformedSteps: 0,
    resumes: NEVER_RESUME,
    maxSteps: wf.steps.length,
    // The origins the user approved when saving are this run's approved origins; nothing else is.
    origins: { start, approved: wf.origins.filter((o) => o !== start) },
    planRequired: false,
  };
}

async function outcomeHolds(tabId: number, step: WorkflowStep, signal?: AbortSignal): Promise<boolean> {
  const want = step.outcome?.url;
  if (!want) return true;
  const until = Date.now() + OUTCOME_WAIT_MS;
  for (;;) {
    const now = pageOf((await chrome.tabs.get(tabId).catch(() => null))?.url);
    if (now === want) return true;
    if (Date.now() > until || !(await sleep(150, signal))) return false;
  }
}

interface Ctx {
  wf: Workflow;
  rec: TaskRecord;
  values: Readonly<Record<string, string>>;
  guards: Guards;
  signal: AbortSignal;
  report: WorkflowRunReport;
  steps: WorkflowStep[];
  settings: Awaited<ReturnType<typeof loadSettings>>;
  /** Steps healed in this run: their element is not the one approved at save time. */
  healedNow: Set<number>;
}

function exec(c: Ctx, index: number, tool: string, args: unknown) {
  return executeCall(tool, args, {
    rec: c.rec,
    guards: c.guards,
    tier: 'full',
    contextWindow: c.settings.contextWindow,
    vision: false,
    signal: c.signal,
    treeLines: new Map(),
    record: false,
    // No one is asked mid-replay: a hard-to-undo step runs only if approved at save time for this
    // origin, target and these parameter values (shared/workflow.ts isApprovedAtSave).
    requestApproval: async (ask) =>
      !c.healedNow.has(index) && isApprovedAtSave(c.wf, index, ask.site, c.values) ? 'approve' : 'deny',
  });
}

/** Resolves the step's element, or asks the model for it; null with a note when neither works. */
async function targetRef(
  c: Ctx,
  index: number,
  step: WorkflowStep,
): Promise<{ ref: string; healed: boolean } | string> {
  if (!step.target) return 'no target';
  const found = await resolveTarget(c.rec.tabId, step.target);
  if (found.kind === 'found') return { ref: found.ref, healed: false };
  const page = await exec(c, index, 'get_accessibility_tree', {});
  if (!page.ok) return `could not read the page to heal: ${page.text.slice(0, 200)}`;
  c.report.modelCalls++;
  const heal = await healStep(step, found.detail, page.text, c.rec.nonce, c.signal);
  if (!heal.ok) return `${found.detail}; healing failed: ${heal.why}`;
  const described = await describeRef(c.rec.tabId, heal.ref);
  c.healedNow.add(index);
  if (described) c.steps[index] = { ...step, target: described };
  return { ref: heal.ref, healed: true };
}

async function runStep(c: Ctx, index: number): Promise<StepReport> {
  const step = c.steps[index];
  if (!step) return { tool: '?', ok: false, healed: false, note: 'no such step' };
  const args = substituteParams(step.args, c.values);
  if (!args.ok) return { tool: step.tool, ok: false, healed: false, note: args.error.message };
  let healed = false;
  let call: Record<string, unknown> = args.data;
  if (step.target) {
    const t = await targetRef(c, index, step);
    if (typeof t === 'string') return { tool: step.tool, ok: false, healed: false, note: t };
    healed = t.healed;
    call = { ...call, ref_id: t.ref };
  }
  const out = await exec(c, index, step.tool, call);
  if (!out.ok) return { tool: step.tool, ok: false, healed, note: out.text.slice(0, 400) };
  if (!(await outcomeHolds(c.rec.tabId, step, c.signal)))
    return { tool: step.tool, ok: false, healed, note: `the page did not reach ${step.outcome?.url ?? ''}` };
  return { tool: step.tool, ok: true, healed };
}

async function preflight(wf: Workflow, tabId: number): Promise<Result<string>> {
  if (!wf.approved)
    return err(
      'needs_approval',
      `workflow "${wf.name}" was imported and not yet approved: review its ${wf.steps.length} steps and origins (${wf.origins.join(', ')}), then approve it`,
    );
  if (runningTask(tabId) || replaying.has(tabId)) return err('busy', `tab ${tabId} is busy with a task or a workflow`);
  let url: string | undefined;
  try {
    url = (await chrome.tabs.get(tabId)).url;
  } catch {
    return err('bad_tab', `tab ${tabId} does not exist (closed?)`);
  }
  const start = originOf(url);
  if (!wf.origins.includes(start))
    return err(
      'wrong_site',
      `workflow "${wf.name}" runs on ${wf.origins.join(', ')}; tab ${tabId} is on ${start}. Open the site first.`,
    );
  return ok(start);
}

export async function runWorkflow(
  wf: Workflow,
  tabId: number,
  values: Readonly<Record<string, string>>,
  signal: AbortSignal = new AbortController().signal,
): Promise<Result<WorkflowRunReport>> {
  const start = await preflight(wf, tabId);
  if (!start.ok) return start;
  const rec = replayRecord(wf, tabId, start.data);
  const report: WorkflowRunReport = { status: 'done', modelCalls: 0, steps: [], healed: 0 };
  const c: Ctx = {
    wf,
    rec,
    values,
    guards: new Guards(rec.guards),
    signal,
    report,
    steps: [...wf.steps],
    settings: await loadSettings(),
    healedNow: new Set(),
  };
  replaying.add(tabId);
  try {
    await onOriginsChanged(rec);
    for (let i = 0; i < c.steps.length; i++) {
      const r = await runStep(c, i);
      report.steps.push(r);
      if (r.healed) report.healed++;
      if (!r.ok) {
        // A gate's refusal (the user's "no", or no save-time approval) is not a page failure.
        report.status = /REFUSED/.test(r.note ?? '') ? 'refused' : 'failed';
        report.error = `step ${i + 1} (${r.tool}) ${r.note ?? 'failed'}`;
        break;
      }
    }
    if (report.status === 'done' && report.healed > 0) {
      report.revision = wf.revision + 1;
      await saveWorkflow({ ...wf, steps: c.steps, revision: report.revision });
    }
  } catch (e) {
    report.status = 'failed';
    report.error = `the run stopped: ${errorMessage(e)}`;
  } finally {
    replaying.delete(tabId);
    await stopNavigationGuard(rec.taskId);
    await forgetTaskReads(rec.taskId);
    await releaseTaskTabs(rec).catch(() => undefined);
    await deleteTask(tabId);
  }
  return ok(report);
}
