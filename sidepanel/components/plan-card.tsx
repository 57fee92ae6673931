import { useEffect, useRef, useState } from 'preact/hooks';
import { planFromText, planOrigins } from '../../shared/plan-first';
import { PLAN_LIMITS } from '../../shared/protocol/handover';
import { answerPlan } from '../lib/handover-actions';
import { chat } from '../store';

interface FieldProps {
  label: string;
  /** `data-testid` is `plan-<id>`. */
  id: string;
  rows: number;
  value: string;
  set: (v: string) => void;
}

/** One editable part of the plan: a labelled textarea (the label wraps it, so it names it). */
function PlanField({ label, id, rows, value, set }: FieldProps) {
  return (
    <label>
      {label}
      <textarea data-testid={`plan-${id}`} rows={rows} value={value} onInput={(e) => set(e.currentTarget.value)} />
    </label>
  );
}

/**
 * The plan a task proposes before its first change: Approve, Edit, Cancel. The plan is model text
 * the page may have steered, so it is shown as plain text; approving it lets the task open its
 * sites without asking again, and nothing else (hard-to-undo actions still ask).
 */
export function PlanCard() {
  const pending = chat.value?.plan;
  const ref = useRef<HTMLElement>(null);
  const [editing, setEditing] = useState(false);
  const [answered, setAnswered] = useState(false);
  const [steps, setSteps] = useState('');
  const [sites, setSites] = useState('');
  const [changes, setChanges] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    if (pending) ref.current?.focus();
    setEditing(false);
    setAnswered(false);
    setProblem(null);
  }, [pending?.planId]);
  if (!pending) return null;
  const plan = pending.plan;

  const startEdit = () => {
    setSteps(plan.steps.join('\n'));
    setSites(plan.sites.join('\n'));
    setChanges(plan.changes);
    setEditing(true);
  };
  const approve = () => {
    if (!editing) {
      setAnswered(answerPlan('approve'));
      return;
    }
    const edited = planFromText(steps, sites, changes);
    const origins = planOrigins(edited.sites);
    if (!origins.ok) return setProblem(origins.error.message);
    if (edited.steps.length === 0) return setProblem('The plan needs at least one step.');
    if (edited.steps.length > PLAN_LIMITS.steps) return setProblem(`At most ${PLAN_LIMITS.steps} steps.`);
    setAnswered(answerPlan('approve', { ...edited, sites: origins.data, changes: edited.changes || 'nothing' }));
  };
  const cancel = () => setAnswered(answerPlan('cancel'));

  return (
    <section
      class="approval plan-card"
      ref={ref}
      tabIndex={-1}
      role="alertdialog"
      aria-modal="false"
      aria-labelledby="plan-title"
      data-testid="plan-card"
    >
      <h2 id="plan-title">Approve this plan?</h2>
      {editing ? (
        <div class="plan-edit">
          <PlanField label="Steps (one a line)" id="steps" rows={5} value={steps} set={setSteps} />
          <PlanField label="Sites it may open" id="sites" rows={2} value={sites} set={setSites} />
          <PlanField label="What it will change" id="changes" rows={2} value={changes} set={setChanges} />
          {problem && (
            <p class="field-error" role="alert">
              {problem}
            </p>
          )}
        </div>
      ) : (
        <>
          <ol class="plan-steps">
            {plan.steps.map((s, i) => (
              <li key={i}>{s}</li>
            ))}
          </ol>
          <p class="plan-line">
            <strong>Sites:</strong>{' '}
            {plan.sites.length > 0 ? (
              plan.sites.map((s, i) => (
                <span key={s} class="approval-site">
                  {i > 0 ? ', ' : ''}
                  {s}
                </span>
              ))
            ) : (
              <span>only this one</span>
            )}
          </p>
          <p class="plan-line">
            <strong>Changes:</strong> {plan.changes}
          </p>
          <p class="plan-note">
            Approving lets the task open these sites without asking; payments, sending and other hard-to-undo actions
            still ask.
          </p>
        </>
      )}
      <div class="approval-actions">
        <button type="button" class="button-primary" disabled={answered} onClick={approve}>
          {editing ? 'Approve edited plan' : 'Approve'}
        </button>
        {!editing && (
          <button type="button" class="button-quiet" disabled={answered} onClick={startEdit}>
            Edit
          </button>
        )}
        <button type="button" class="button-danger" disabled={answered} onClick={cancel}>
          Cancel task
        </button>
      </div>
    </section>
  );
}
