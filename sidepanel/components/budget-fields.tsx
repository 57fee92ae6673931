/**
 * A token ceiling and an estimated-cost ceiling (issue 30, shared/task-budget.ts): the settings'
 * default per task, and the workflow run form's per-run budget (workflow-run.tsx). A run that reaches
 * either stops before its next model call and says what it did.
 */
import type { BudgetForm } from '../lib/settings-form';
import { Field } from './settings-fields';

type BudgetField = keyof BudgetForm;

export interface BudgetFieldsProps {
  form: BudgetForm;
  errors: Partial<Record<BudgetField, string>>;
  update: (key: BudgetField, value: string) => void;
  describe: (id: BudgetField, hint?: boolean) => string | undefined;
  /** Whose budget: every task's default (settings) or this workflow run's. */
  scope?: 'task' | 'run';
}

const BUDGETS = [
  {
    id: 'budgetTokens',
    unit: 'tokens',
    inputMode: 'numeric',
    task: "A task stops when its model calls have used this many tokens (every call's whole prompt counts).",
    run: 'The run stops before a heal that would take it past this many tokens.',
  },
  {
    id: 'budgetUsd',
    unit: 'US dollars',
    inputMode: 'decimal',
    task: 'A task stops when its estimated cost at list price reaches this. Checked only for models with a known price.',
    run: 'The run stops when its estimated cost at list price reaches this. Checked only for models with a known price.',
  },
] as const;

export function BudgetFields(props: BudgetFieldsProps) {
  const { form, errors, update, describe } = props;
  const run = props.scope === 'run';
  const prefix = run ? 'run' : undefined;
  return (
    <>
      {BUDGETS.map((b) => (
        <Field
          key={b.id}
          id={b.id}
          prefix={prefix}
          label={`${run ? 'Run budget' : 'Task budget'}: ${b.unit} (optional)`}
          error={errors[b.id]}
          hint={`${run ? b.run : b.task} Empty: ${run ? "the settings' default" : 'no limit'}.`}
        >
          <input
            id={`${prefix ?? 'settings'}-${b.id}`}
            type="text"
            inputMode={b.inputMode}
            autocomplete="off"
            value={form[b.id]}
            placeholder={run ? 'Default' : 'No limit'}
            aria-invalid={errors[b.id] ? true : undefined}
            aria-describedby={describe(b.id, true)}
            onInput={(e) => update(b.id, e.currentTarget.value)}
          />
        </Field>
      ))}
    </>
  );
}
