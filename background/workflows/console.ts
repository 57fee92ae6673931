/**
 * `wb.workflows` in the service worker console (issue 30): save the tab's last finished task, list,
 * run, remove, export and import. An imported workflow is stored unapproved and with no save-time
 * step approvals (a file from elsewhere cannot pre-approve anything); `approve(id)` is the user's yes
 * to its steps and origins, which the panel shows before asking.
 */
import { z } from 'zod';
import { err, ok, type Result } from '../../shared/result';
import {
  approvalKey,
  describeStep,
  parameterize,
  paramsIn,
  parseWorkflow,
  savedValues,
  WORKFLOW_FORMAT,
  WORKFLOW_VERSION,
  type Workflow,
  type WorkflowStep,
} from '../../shared/workflow';
import { loadRecording } from './recorder';
import { runWorkflow, type WorkflowRunReport } from './runner';
import { TaskBudgetSchema } from '../../shared/task-budget';
import { listWorkflows, loadWorkflow, removeWorkflow, saveWorkflow } from './store';
import { runHistory, scheduleWorkflow, unscheduleWorkflow } from './scheduler';

const SaveSchema = z.strictObject({
  tabId: z.number().int().nonnegative(),
  name: z.string().min(1).max(120),
  params: z.record(z.string(), z.string()).optional(),
  /** 1-based steps (hard to undo) the user approves now, for the saved parameter values only. */
  approve: z.array(z.number().int().positive()).max(200).optional(),
});

const RunSchema = z.strictObject({
  id: z.string(),
  tabId: z.number().int().nonnegative(),
  params: z.record(z.string(), z.string()).optional(),
  wait: z.boolean().optional(),
  /** Token / dollar ceiling for the heals of this run; default: the settings' budget. */
  budget: z.optional(TaskBudgetSchema),
});

export interface WorkflowSummary {
  id: string;
  name: string;
  revision: number;
  approved: boolean;
  params: string[];
  /** The saved value of each parameter that has one (the run form's defaults; never a password). */
  defaults: Record<string, string>;
  origins: string[];
  /** Each step's intent, as recorded (or as an imported file says). */
  steps: string[];
  /** What each step really does (tool, target, arguments): what the review screen shows. */
  actions: string[];
}

function summary(wf: Workflow): WorkflowSummary {
  return {
    id: wf.id,
    name: wf.name,
    revision: wf.revision,
    approved: wf.approved,
    params: wf.params.map((p) => p.name),
    defaults: savedValues(wf),
    origins: wf.origins,
    steps: wf.steps.map((s) => s.intent),
    actions: wf.steps.map(describeStep),
  };
}

function originsOf(steps: readonly WorkflowStep[]): string[] {
  const out = new Set<string>();
  for (const s of steps) {
    if (s.origin !== 'unknown') out.add(s.origin);
    if (s.target?.frameOrigin) out.add(s.target.frameOrigin);
    if (s.outcome?.url) out.add(new URL(s.outcome.url).origin);
  }
  return [...out];
}

function newId(name: string): string {
  const slug = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 40);
  return `${slug || 'workflow'}-${crypto.randomUUID().slice(0, 6)}`;
}

async function save(options: unknown): Promise<Result<WorkflowSummary>> {
  const o = SaveSchema.safeParse(options);
  if (!o.success)
    return err('bad_arguments', `wb.workflows.save({tabId, name, params?, approve?}): ${z.prettifyError(o.error)}`);
  const recording = await loadRecording(o.data.tabId);
  if (!recording || recording.status !== 'done')
    return err('no_task', `tab ${o.data.tabId} has no task that ended well to save (run one first)`);
  if (recording.steps.length === 0) return err('no_steps', 'the last task made no page actions: nothing to replay');
  const p = parameterize(recording.steps, o.data.params ?? {});
  if (!p.ok) return p;
  const examples = Object.fromEntries(p.data.params.map((q) => [q.name, q.example ?? '']));
  const approvals = [];
  for (const n of o.data.approve ?? []) {
    const step = p.data.steps[n - 1];
    if (!step) return err('bad_arguments', `approve: there is no step ${n}`);
    const used = paramsIn(step.args);
    approvals.push({
      step: n - 1,
      ...approvalKey(step),
      params: Object.fromEntries(used.map((u) => [u, examples[u] ?? ''])),
    });
  }
  const wf: Workflow = {
    format: WORKFLOW_FORMAT,
    version: WORKFLOW_VERSION,
    id: newId(o.data.name),
    name: o.data.name,
    revision: 1,
    createdAt: Date.now(),
    params: p.data.params,
    origins: originsOf(p.data.steps),
    steps: p.data.steps,
    approved: true,
    approvals,
  };
  await saveWorkflow(wf);
  return ok(summary(wf));
}

async function run(options: unknown): Promise<Result<WorkflowRunReport | { started: true }>> {
  const o = RunSchema.safeParse(options);
  if (!o.success)
    return err('bad_arguments', `wb.workflows.run({id, tabId, params?, wait?, budget?}): ${z.prettifyError(o.error)}`);
  const wf = await loadWorkflow(o.data.id);
  if (!wf) return err('no_such_workflow', `no workflow ${o.data.id}; see await wb.workflows.list()`);
  const values = { ...savedValues(wf), ...o.data.params };
  const missing = wf.params.filter((q) => values[q.name] === undefined).map((q) => q.name);
  if (missing.length)
    return err(
      'missing_param',
      `workflow "${wf.name}" needs a value for {{${missing.join('}}, {{')}}} (a password is never saved: give it at each run)`,
    );
  const running = runWorkflow(wf, o.data.tabId, values, 'panel', o.data.budget);
  if (o.data.wait === false) return ok({ started: true });
  return running;
}

async function importWorkflow(json: unknown): Promise<Result<WorkflowSummary>> {
  const p = parseWorkflow(json);
  if (!p.ok) return p;
  // Whatever the file says, an import is unapproved and pre-approves nothing (docs/workflows.md).
  const wf: Workflow = { ...p.data, id: newId(p.data.name), approved: false, approvals: [] };
  await saveWorkflow(wf);
  return ok(summary(wf));
}

export const workflowsConsole = {
  save,
  run,
  async list(): Promise<WorkflowSummary[]> {
    return (await listWorkflows()).map(summary);
  },
  async remove(id: unknown): Promise<boolean> {
    if (typeof id !== 'string') return false;
    await unscheduleWorkflow(id);
    return removeWorkflow(id);
  },
  async export(id: unknown): Promise<Result<string>> {
    const wf = typeof id === 'string' ? await loadWorkflow(id) : null;
    if (!wf) return err('no_such_workflow', `no workflow ${String(id)}`);
    // Approvals are the user's, on this machine: they do not travel in the file.
    return ok(JSON.stringify({ ...wf, approvals: [] }, null, 2));
  },
  import: importWorkflow,
  /** Runs a workflow at a time or interval in its own background tab (chrome.alarms). */
  schedule: scheduleWorkflow,
  unschedule: (id: unknown): Promise<boolean> =>
    typeof id === 'string' ? unscheduleWorkflow(id) : Promise.resolve(false),
  /** Scheduled runs' results, newest last: done, failed, refused, or missed while the browser was closed. */
  runs: runHistory,
  /** The user's yes to an imported workflow's steps and origins (after seeing `list()`'s summary). */
  async approve(id: unknown): Promise<Result<WorkflowSummary>> {
    const wf = typeof id === 'string' ? await loadWorkflow(id) : null;
    if (!wf) return err('no_such_workflow', `no workflow ${String(id)}`);
    await saveWorkflow({ ...wf, approved: true });
    return ok(summary({ ...wf, approved: true }));
  },
};
