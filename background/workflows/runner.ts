/**
 * Replays a workflow without the model (issue 30; docs/workflows.md). Each step: put the parameter
 * values in, find its element again by meaning (resolve.ts), act through executeCall — the same
 * path as a live action, so the mode, approval, origin and read gates judge the exact call — then
 * check the recorded outcome. A step whose element is missing or ambiguous alone goes to the model
 * (healer.ts); a run that matches the page makes zero model calls. A run that healed and succeeded
 * is saved as the workflow's next revision. A run is a driven task of the task manager
 * (startDrivenTask): the same record, origin policy, navigation guard and cleanup as a panel task,
 * the panel's Stop ends it, and a hard-to-undo step not approved at save time asks in the panel —
 * or, in a scheduled run with nobody watching, is refused with "needs your approval".
 */
import { errorMessage, err, ok, type Result } from '../../shared/result';
import {
  isApprovedAtSave,
  substituteParams,
  type Workflow,
  type WorkflowStep,
  type WorkflowTarget,
} from '../../shared/workflow';
import { sleep } from '../../shared/timeout';
import { executeCall } from '../agent/loop/tool-exec';
import { Guards } from '../agent/loop/guards';
import type { TaskOutcome } from '../agent/loop/runner';
import type { ApprovalAsk } from '../agent/loop/tool-exec';
import type { TaskRecord } from '../agent/task/state-store';
import { startDrivenTask, type TaskDriver } from '../agent/task/task-manager';
import { originOf } from '../policy/trusted-sites';
import { loadSettings } from '../settings-store';
import { describeRef } from './describe-ref';
import { healStep } from './healer';
import { pageOf } from './recorder';
import { inChildFrame, resolveTarget, targetFrames } from './resolve';
import { saveWorkflow } from './store';
import { RunBudget } from './run-budget';
import { effectiveBudget, type TaskBudget } from '../../shared/task-budget';

interface StepReport {
  tool: string;
  ok: boolean;
  healed: boolean;
  note?: string;
}

export interface WorkflowRunReport {
  /** `budget_limit`: a heal would have gone over the run's budget (run-budget.ts). */
  status: 'done' | 'failed' | 'refused' | 'stopped' | 'budget_limit';
  modelCalls: number;
  /** Tokens the heals spent (input + output). */
  tokens: number;
  steps: StepReport[];
  healed: number;
  /** The revision saved when healing repaired steps. */
  revision?: number;
  error?: string;
}

/** How long a step's recorded page change may take to show (a navigation after a click). */
const OUTCOME_WAIT_MS = 5000;
/** How long the panel's approval prompt waits for the user (as for a panel task). */
const APPROVAL_TIMEOUT_MS = 10 * 60_000;

/** Who answers a hard-to-undo step not approved at save time: the user in the panel, or nobody (a schedule). */
type AskUser = ((ask: ApprovalAsk) => Promise<'approve' | 'deny'>) | null;

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
  ask: AskUser;
  budget: RunBudget;
  /** Set when a scheduled run met a step only the user may approve. */
  unattended?: string;
  /** Set when the budget stopped the run before a heal: the message for the report. */
  overBudget?: string;
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
    // A hard-to-undo step runs unasked only if approved at save time for this origin, target and
    // these parameter values (shared/workflow.ts isApprovedAtSave), and not healed onto another element.
    requestApproval: async (ask) => {
      if (!c.healedNow.has(index) && isApprovedAtSave(c.wf, index, ask.site, c.values)) return 'approve';
      if (c.ask) return c.ask(ask);
      c.unattended = ask.description;
      return 'deny';
    },
  });
}

/**
 * What the healer is shown: the page's tree, or for a step recorded in a child frame the trees of the
 * live frames of its stored origin (`targetFrames`: only an origin the workflow lists), each read with
 * iframe_read through the same gates as a live read. Their refs come back frame-qualified (`f1:ref_4`),
 * the form pick_element must return and click_ax takes.
 */
async function healPage(c: Ctx, index: number, target: WorkflowTarget): Promise<{ ok: boolean; text: string }> {
  if (!inChildFrame(target)) return exec(c, index, 'get_accessibility_tree', {});
  const frames = await targetFrames(c.rec.tabId, target);
  if (frames.length === 0)
    return { ok: false, text: `no frame of ${target.frameOrigin ?? 'its site'} on the page now` };
  const reads: string[] = [];
  for (const f of frames) {
    const read = await exec(c, index, 'iframe_read', { frameId: f.id });
    if (!read.ok) return read;
    reads.push(read.text);
  }
  return { ok: true, text: reads.join('\n') };
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
  const page = await healPage(c, index, step.target);
  if (!page.ok) return `${found.detail}; could not read the page to heal: ${page.text.slice(0, 200)}`;
  const over = c.budget.stopBeforeModelCall(c.report.steps);
  if (over) {
    c.overBudget = over;
    return `${found.detail}; not healed: over the run's budget`;
  }
  c.report.modelCalls++;
  const heal = await healStep(step, found.detail, page.text, c.rec.nonce, c.signal);
  c.budget.add(heal.usage);
  c.report.tokens = c.budget.usage.inputTokens + c.budget.usage.outputTokens;
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
  if (!out.ok && c.unattended)
    return {
      tool: step.tool,
      ok: false,
      healed,
      note: `REFUSED: needs your approval (${c.unattended.slice(0, 200)}); nobody was there to ask in a scheduled run: run it from the panel`,
    };
  if (!out.ok) return { tool: step.tool, ok: false, healed, note: out.text.slice(0, 400) };
  if (!(await outcomeHolds(c.rec.tabId, step, c.signal)))
    return { tool: step.tool, ok: false, healed, note: `the page did not reach ${step.outcome?.url ?? ''}` };
  return { tool: step.tool, ok: true, healed };
}

function preflight(wf: Workflow, url: string | undefined): Result<true> {
  if (!wf.approved)
    return err(
      'needs_approval',
      `workflow "${wf.name}" was imported and not yet approved: review its ${wf.steps.length} steps and origins (${wf.origins.join(', ')}), then approve it`,
    );
  const start = originOf(url);
  if (!wf.origins.includes(start))
    return err(
      'wrong_site',
      `workflow "${wf.name}" runs on ${wf.origins.join(', ')}; the tab is on ${start}. Open the site first.`,
    );
  return ok(true);
}

async function replay(c: Ctx): Promise<void> {
  const { report } = c;
  try {
    for (let i = 0; i < c.steps.length; i++) {
      const r = await runStep(c, i);
      report.steps.push(r);
      if (r.healed) report.healed++;
      if (c.signal.aborted) {
        report.status = 'stopped';
        report.error = `stopped by the user at step ${i + 1} (${r.tool})`;
        return;
      }
      if (!r.ok && c.overBudget) {
        report.status = 'budget_limit';
        report.error = `step ${i + 1} (${r.tool}) needed healing. ${c.overBudget}`;
        return;
      }
      if (!r.ok) {
        // A gate's refusal (the user's "no", or no save-time approval) is not a page failure.
        report.status = /REFUSED/.test(r.note ?? '') ? 'refused' : 'failed';
        report.error = `step ${i + 1} (${r.tool}) ${r.note ?? 'failed'}`;
        return;
      }
    }
    if (report.healed > 0) {
      report.revision = c.wf.revision + 1;
      await saveWorkflow({ ...c.wf, steps: c.steps, revision: report.revision });
    }
  } catch (e) {
    report.status = c.signal.aborted ? 'stopped' : 'failed';
    report.error = `the run stopped: ${errorMessage(e)}`;
  }
}

/** The task's outcome, for the panel's history (the report itself goes to whoever started the run). */
function outcomeOf(wf: Workflow, r: WorkflowRunReport): TaskOutcome {
  if (r.status === 'stopped') return { status: 'stopped' };
  if (r.status === 'budget_limit') return { status: 'budget_limit', error: r.error ?? '' };
  const what = `Workflow "${wf.name}": ${r.status}, ${r.steps.length} of ${wf.steps.length} steps, ${r.healed} healed, ${r.modelCalls} model calls`;
  return r.status === 'done'
    ? { status: 'done', answer: `${what}.` }
    : { status: 'error', error: `${what}: ${r.error ?? ''}` };
}

/**
 * Runs `wf` in `tabId` as a driven task. `ask` answers the hard-to-undo steps not approved at save
 * time: the panel's prompt for a run the user started, null for a scheduled one (refused).
 */
export async function runWorkflow(
  wf: Workflow,
  tabId: number,
  values: Readonly<Record<string, string>>,
  ask: 'panel' | 'nobody',
  budget?: TaskBudget,
): Promise<Result<WorkflowRunReport>> {
  let url: string | undefined;
  try {
    url = (await chrome.tabs.get(tabId)).url;
  } catch {
    return err('bad_tab', `tab ${tabId} does not exist (closed?)`);
  }
  const pre = preflight(wf, url);
  if (!pre.ok) return pre;
  const report: WorkflowRunReport = { status: 'done', modelCalls: 0, tokens: 0, steps: [], healed: 0 };
  const settings = await loadSettings();
  // The run's own budget, else the settings' default (as for a panel task).
  const runBudget = new RunBudget(effectiveBudget(budget, settings.budget), settings);
  const driver: TaskDriver = async (rec: TaskRecord, env) => {
    await replay({
      wf,
      rec,
      values,
      // A copy: the loop guard keys calls by their arguments, and the task record is saved to
      // chrome.storage.session; a run-time {{password}} must not be written down with it.
      guards: new Guards(structuredClone(rec.guards)),
      signal: env.signal,
      report,
      steps: [...wf.steps],
      settings,
      healedNow: new Set(),
      budget: runBudget,
      ask: ask === 'panel' ? (a) => env.requestApproval(a, APPROVAL_TIMEOUT_MS, () => undefined) : null,
    });
    return outcomeOf(wf, report);
  };
  const started = await startDrivenTask(tabId, `workflow "${wf.name}"`, 'act', driver, {
    task: `Run workflow "${wf.name}"`,
    approvedOrigins: wf.origins,
    banner: false,
  });
  if (!started.ok) return started;
  await started.data.done;
  return ok(report);
}
