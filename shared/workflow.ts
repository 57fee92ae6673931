/**
 * A workflow (issue 30; docs/workflows.md): a finished task's page actions, saved so they run again
 * without the model. Targets are stored by meaning (role, accessible name, where the element sat),
 * never as refs: refs are minted per page load and mean nothing on the next one. Typed text the user
 * named becomes a `{{parameter}}`. The document is versioned and parsed with zod on every load and
 * import, so a file from elsewhere cannot carry fields the runner does not know.
 */
import { z } from 'zod';
import { err, ok, type Result } from './result';
import { formatIssues } from './zod-issues';

export const WORKFLOW_FORMAT = 'weaverbird-workflow';
export const WORKFLOW_VERSION = 1;
/** The parameter a password field's text becomes (recorder.ts): never saved, asked for at each run. */
export const SECRET_PARAM = 'password';

const PARAM_NAME = /^[a-zA-Z][a-zA-Z0-9_]{0,39}$/;
const PARAM_IN_TEXT = /\{\{([a-zA-Z][a-zA-Z0-9_]{0,39})\}\}/g;

/** An element described the way a person would find it again (the tree's role and name). */
const WorkflowTargetSchema = z.strictObject({
  role: z.string().min(1).max(60),
  name: z.string().max(300),
  /** `in table "Orders" row "May 13"` when it sat in a collection (find's context). */
  context: z.string().max(300).optional(),
  /** The nearest heading before it. */
  heading: z.string().max(300).optional(),
  /** The landmark holding it: `navigation "Main"`. */
  landmark: z.string().max(300).optional(),
  /** The frame it sat in (`f0` the page), and that frame's origin. */
  frame: z.string().max(20).optional(),
  frameOrigin: z.string().max(300).optional(),
  /** A CSS path, only a last hint: ids and classes are the first things a redesign renames. */
  css: z.string().max(500).optional(),
  /** A password field: its text is the `{{password}}` parameter, given at each run, never stored. */
  secret: z.boolean().optional(),
});
export type WorkflowTarget = z.infer<typeof WorkflowTargetSchema>;

export const WorkflowStepSchema = z.strictObject({
  tool: z.string().min(1).max(60),
  /** The call's arguments without the ref (the runner puts the resolved one back). */
  args: z.record(z.string(), z.unknown()),
  target: WorkflowTargetSchema.optional(),
  /** The origin of the page the step acted on. */
  origin: z.string().max(300),
  /** What the step is for, in words, for the healer and for the user approving it. */
  intent: z.string().max(400),
  /** What changed when it was recorded: checked after the step on replay. */
  outcome: z
    .strictObject({
      /** The page's origin + path after the step, when the step changed it. */
      url: z.string().max(2000).optional(),
    })
    .optional(),
});
export type WorkflowStep = z.infer<typeof WorkflowStepSchema>;

/** A hard-to-undo step the user approved when saving, for these exact parameter values. */
const StepApprovalSchema = z.strictObject({
  step: z.number().int().nonnegative(),
  origin: z.string(),
  target: z.string(),
  params: z.record(z.string(), z.string()),
});

const WorkflowSchema = z.strictObject({
  format: z.literal(WORKFLOW_FORMAT),
  version: z.literal(WORKFLOW_VERSION),
  id: z.string().regex(/^[a-zA-Z0-9_-]{1,64}$/),
  name: z.string().min(1).max(120),
  /** Bumped each time healing saves a repaired copy. */
  revision: z.number().int().positive(),
  createdAt: z.number(),
  params: z.array(z.strictObject({ name: z.string().regex(PARAM_NAME), example: z.string().max(2000).optional() })),
  /** Every origin the steps touch; approved by the user at save (or import) time. */
  origins: z.array(z.string().max(300)).max(20),
  steps: z.array(WorkflowStepSchema).min(1).max(200),
  /** False for an imported workflow until the user has seen its steps and origins and said yes. */
  approved: z.boolean(),
  approvals: z.array(StepApprovalSchema).max(200),
});
export type Workflow = z.infer<typeof WorkflowSchema>;

/** Parses a stored or imported workflow (an object or its JSON text); bad input says what is wrong. */
export function parseWorkflow(input: unknown): Result<Workflow> {
  let value = input;
  if (typeof input === 'string') {
    try {
      value = JSON.parse(input);
    } catch {
      return err('bad_workflow', 'the workflow is not valid JSON');
    }
  }
  const p = WorkflowSchema.safeParse(value);
  if (!p.success) return err('bad_workflow', `not a Weaverbird workflow: ${formatIssues(p.error, 4, 'workflow')}`);
  for (const [i, s] of p.data.steps.entries()) {
    const unknown = paramsIn(s.args).filter((n) => !p.data.params.some((q) => q.name === n));
    if (unknown.length) return err('bad_workflow', `step ${i + 1} uses undeclared parameter {{${unknown[0]}}}`);
    // Every site a step acts on is listed, so the origins a user approves are all the origins.
    if (s.origin !== 'unknown' && !p.data.origins.includes(s.origin))
      return err('bad_workflow', `step ${i + 1} acts on ${s.origin}, which the workflow's origins do not list`);
    // A target's frame is searched at run time (resolve.ts): its origin must be one the user approves too.
    const fo = s.target?.frameOrigin;
    if (fo !== undefined && !p.data.origins.includes(fo))
      return err('bad_workflow', `step ${i + 1} acts in a frame of ${fo}, which the workflow's origins do not list`);
  }
  return ok(p.data);
}

/** The `{{name}}` parameters a step's arguments use, in order, each once. */
export function paramsIn(args: Record<string, unknown>): string[] {
  const out: string[] = [];
  for (const v of Object.values(args)) {
    if (typeof v !== 'string') continue;
    for (const m of v.matchAll(PARAM_IN_TEXT)) if (m[1] && !out.includes(m[1])) out.push(m[1]);
  }
  return out;
}

/** A step's arguments with every `{{name}}` replaced by its value; a missing value is an error. */
export function substituteParams(
  args: Record<string, unknown>,
  values: Readonly<Record<string, string>>,
): Result<Record<string, unknown>> {
  const missing = paramsIn(args).filter((n) => values[n] === undefined);
  if (missing.length) return err('missing_param', `give a value for {{${missing.join('}}, {{')}}}`);
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(args)) {
    out[k] = typeof v === 'string' ? v.replace(PARAM_IN_TEXT, (_, n: string) => values[n] ?? '') : v;
  }
  return ok(out);
}

/**
 * Turns typed text into parameters: each `{name: text}` pair replaces that exact text in string
 * arguments with `{{name}}`. A pair whose text no step typed is an error (a typo would otherwise
 * save a workflow that types the old value for ever).
 */
export function parameterize(
  steps: WorkflowStep[],
  pairs: Readonly<Record<string, string>>,
): Result<{ steps: WorkflowStep[]; params: Workflow['params'] }> {
  const params: Workflow['params'] = [];
  let out = steps;
  for (const [name, text] of Object.entries(pairs)) {
    if (!PARAM_NAME.test(name)) return err('bad_param', `parameter name "${name}" must be letters, digits or _`);
    if (!text) return err('bad_param', `parameter ${name} needs the text it replaces`);
    let used = false;
    out = out.map((s) => {
      const args: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(s.args)) {
        if (typeof v === 'string' && v.includes(text)) {
          used = true;
          args[k] = v.split(text).join(`{{${name}}}`);
        } else args[k] = v;
      }
      return { ...s, args };
    });
    if (!used) return err('bad_param', `no step typed "${text}" (parameter ${name})`);
    params.push({ name, example: text });
  }
  // A password typed in the task was recorded as {{password}}: declared, with no saved value.
  if (out.some((s) => paramsIn(s.args).includes(SECRET_PARAM)) && !params.some((q) => q.name === SECRET_PARAM))
    params.push({ name: SECRET_PARAM });
  return ok({ steps: out, params });
}

/** The values saved with the workflow; a parameter with none (`{{password}}`) must be given at each run. */
export function savedValues(wf: Workflow): Record<string, string> {
  return Object.fromEntries(wf.params.flatMap((q) => (q.example === undefined ? [] : [[q.name, q.example]])));
}

/** A target in one line, for approvals, reports and the healer. */
export function describeTarget(t: WorkflowTarget | undefined): string {
  if (!t) return 'the page';
  const where = [t.context, t.landmark ? `in ${t.landmark}` : '', t.heading ? `under "${t.heading}"` : '']
    .filter(Boolean)
    .join(' ');
  return `${t.role} "${t.name}"${where ? ` ${where}` : ''}`;
}

/**
 * What a step will really do, built from its tool, target and arguments, never from its `intent`:
 * an imported file writes its own intents, and the review screen must not show a lie
 * (`click_ax on button "Delete all" in frame https://pay.example`).
 */
export function describeStep(step: WorkflowStep): string {
  const args = Object.entries(step.args)
    .filter(([, v]) => typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean')
    .map(([k, v]) => `${k}=${JSON.stringify(v).slice(0, 200)}`);
  const t = step.target;
  const frame = t?.frameOrigin && t.frame !== 'f0' ? ` in frame ${t.frameOrigin}` : '';
  return [step.tool, t ? `on ${describeTarget(t)}${frame}` : '', ...args].filter(Boolean).join(' ');
}

/** The key a save-time approval is bound to: the origin and the target as described. */
export function approvalKey(step: WorkflowStep): { origin: string; target: string } {
  return { origin: step.origin, target: `${step.tool} ${describeTarget(step.target)}` };
}

/** Whether the user approved this step when saving, for exactly these parameter values. */
export function isApprovedAtSave(
  wf: Workflow,
  index: number,
  site: string,
  values: Readonly<Record<string, string>>,
): boolean {
  const step = wf.steps[index];
  if (!step) return false;
  const key = approvalKey(step);
  const used = paramsIn(step.args);
  return wf.approvals.some(
    (a) =>
      a.step === index &&
      a.origin === key.origin &&
      a.origin === site &&
      a.target === key.target &&
      used.every((n) => a.params[n] === values[n]) &&
      Object.keys(a.params).every((n) => used.includes(n)),
  );
}
