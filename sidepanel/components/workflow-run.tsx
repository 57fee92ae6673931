/**
 * Running a saved workflow from the "/" palette (issue 30; docs/workflows.md). An imported workflow
 * first shows what it really does (each step's tool, target and arguments, built by the worker from
 * the step itself, not the file's own words) and the sites it acts on, and runs only after the user
 * approves it here. The run form asks for each parameter (the saved value filled in), for
 * `{{password}}` in a password field that is never stored (kept in this form's memory until the run
 * is sent, then cleared), and for this run's budget (budget-fields.tsx).
 */
import { useState } from 'preact/hooks';
import { isRecord } from '../../shared/result';
import { SECRET_PARAM } from '../../shared/workflow';
import { budgetFields, type BudgetForm } from '../lib/settings-form';
import { askWorker } from '../panel-client';
import { BudgetFields } from './budget-fields';
import { FormActions } from './form-actions';

export interface WorkflowListing {
  id: string;
  name: string;
  approved: boolean;
  params: string[];
  defaults: Record<string, string>;
  origins: string[];
  actions: string[];
}

/** A run's model calls are heals, one short prompt each: a ceiling of a few hundred tokens is meaningful. */
const RUN_MIN_TOKENS = 100;

const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

/** The worker's workflow summaries (background/workflows/console.ts), narrowed; bad entries are skipped. */
export function parseListings(data: unknown): WorkflowListing[] {
  if (!Array.isArray(data)) return [];
  return data.flatMap((w: unknown): WorkflowListing[] => {
    if (!isRecord(w) || typeof w.id !== 'string' || typeof w.name !== 'string') return [];
    const defaults: Record<string, string> = {};
    if (isRecord(w.defaults))
      for (const [k, v] of Object.entries(w.defaults)) if (typeof v === 'string') defaults[k] = v;
    return [
      {
        id: w.id,
        name: w.name,
        approved: w.approved === true,
        params: strings(w.params),
        defaults,
        origins: strings(w.origins),
        actions: strings(w.actions),
      },
    ];
  });
}

function runSummary(name: string, data: unknown): string {
  if (!isRecord(data)) return `Workflow "${name}" ran.`;
  const healed = typeof data.healed === 'number' && data.healed > 0 ? `, ${data.healed} step(s) healed` : '';
  const why = typeof data.error === 'string' ? `: ${data.error}` : '';
  return `Workflow "${name}": ${String(data.status)}${healed}${why}`;
}

interface Props {
  wf: WorkflowListing;
  tab: number;
  onDone: (msg: string) => void;
  onClose: () => void;
}

/** The review screen of a workflow not yet approved (an import): its real steps and its sites. */
function Review({ wf, onApproved, onClose }: { wf: WorkflowListing; onApproved: () => void; onClose: () => void }) {
  const [error, setError] = useState<string | null>(null);
  const approve = async () => {
    const r = await askWorker({ type: 'approve_workflow', id: wf.id });
    if (r.ok) onApproved();
    else setError(r.error.message);
  };
  return (
    <section class="save-shortcut" aria-label={`Review workflow “${wf.name}”`} data-testid="workflow-review">
      <p>
        “{wf.name}” was imported. Check what it does before it can run: it acts on these sites and takes these steps.
      </p>
      <h3>Sites</h3>
      <ul aria-label="Sites it acts on">
        {wf.origins.map((o) => (
          <li key={o}>{o}</li>
        ))}
      </ul>
      <h3>Steps</h3>
      <ol aria-label="Steps it takes">
        {wf.actions.map((a, i) => (
          <li key={i}>{a}</li>
        ))}
      </ol>
      <FormActions primary="Approve workflow" onPrimary={() => void approve()} onCancel={onClose} error={error} />
    </section>
  );
}

export function WorkflowRunForm({ wf, tab, onDone, onClose }: Props) {
  const [approved, setApproved] = useState(wf.approved);
  const [values, setValues] = useState<Record<string, string>>(() => ({ ...wf.defaults }));
  const [budget, setBudget] = useState<BudgetForm>({ budgetTokens: '', budgetUsd: '' });
  const [budgetErrors, setBudgetErrors] = useState<Partial<Record<keyof BudgetForm, string>>>({});
  const [error, setError] = useState<string | null>(null);
  if (!approved) return <Review wf={wf} onApproved={() => setApproved(true)} onClose={onClose} />;

  const run = async (e: Event) => {
    e.preventDefault();
    const errors: Partial<Record<keyof BudgetForm, string>> = {};
    const ceiling = budgetFields(budget, errors, RUN_MIN_TOKENS);
    setBudgetErrors(errors);
    if (Object.keys(errors).length > 0) return;
    const missing = wf.params.filter((p) => (values[p] ?? '') === '');
    if (missing.length) return setError(`Give a value for ${missing.join(', ')}.`);
    const params = values;
    // Closing unmounts the form: the password then lives only in this request, never in storage.
    onClose();
    onDone(`Running workflow "${wf.name}"…`);
    const budgetArg = ceiling.tokens === undefined && ceiling.usd === undefined ? {} : { budget: ceiling };
    const r = await askWorker({ type: 'run_workflow', tabId: tab, id: wf.id, params, ...budgetArg });
    onDone(r.ok ? runSummary(wf.name, r.data) : `Workflow "${wf.name}" did not run: ${r.error.message}`);
  };
  const describe = (id: keyof BudgetForm, hint = false) =>
    [budgetErrors[id] && `run-${id}-error`, hint && `run-${id}-hint`].filter(Boolean).join(' ') || undefined;
  return (
    <form class="save-shortcut" aria-label={`Run workflow “${wf.name}”`} onSubmit={(e) => void run(e)}>
      {wf.params.map((p) => (
        <div class="field" key={p}>
          <label for={`run-param-${p}`}>{p === SECRET_PARAM ? 'Password (not saved)' : p}</label>
          <input
            id={`run-param-${p}`}
            type={p === SECRET_PARAM ? 'password' : 'text'}
            autocomplete={p === SECRET_PARAM ? 'off' : undefined}
            value={values[p] ?? ''}
            onInput={(e) => setValues((v) => ({ ...v, [p]: e.currentTarget.value }))}
          />
        </div>
      ))}
      <BudgetFields
        scope="run"
        form={budget}
        errors={budgetErrors}
        describe={describe}
        update={(k, v) => setBudget((b) => ({ ...b, [k]: v }))}
      />
      <FormActions primary="Run" onCancel={onClose} error={error} />
    </form>
  );
}
