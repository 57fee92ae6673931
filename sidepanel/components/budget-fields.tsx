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

export function BudgetFields(props: BudgetFieldsProps) {
  const { form, errors, update, describe } = props;
  const run = props.scope === 'run';
  const prefix = run ? 'run' : undefined;
  const who = run ? 'Run budget' : 'Task budget';
  const what = run
    ? 'The run stops before a heal that would take it past'
    : 'A task stops when its model calls have used';
  return (
    <>
      <Field
        id="budgetTokens"
        prefix={prefix}
        label={`${who}: tokens (optional)`}
        error={errors.budgetTokens}
        hint={
          run
            ? `${what} this many tokens. Empty: the settings' default.`
            : `${what} this many tokens (every call's whole prompt counts). Empty: no limit.`
        }
      >
        <input
          id={`${prefix ?? 'settings'}-budgetTokens`}
          type="text"
          inputMode="numeric"
          autocomplete="off"
          value={form.budgetTokens}
          placeholder={run ? 'Default' : 'No limit'}
          aria-invalid={errors.budgetTokens ? true : undefined}
          aria-describedby={describe('budgetTokens', true)}
          onInput={(e) => update('budgetTokens', e.currentTarget.value)}
        />
      </Field>
      <Field
        id="budgetUsd"
        prefix={prefix}
        label={`${who}: US dollars (optional)`}
        error={errors.budgetUsd}
        hint={`${run ? 'The run stops' : 'A task stops'} when its estimated cost at list price reaches this. Checked only for models with a known price. Empty: ${run ? "the settings' default" : 'no limit'}.`}
      >
        <input
          id={`${prefix ?? 'settings'}-budgetUsd`}
          type="text"
          inputMode="decimal"
          autocomplete="off"
          value={form.budgetUsd}
          placeholder={run ? 'Default' : 'No limit'}
          aria-invalid={errors.budgetUsd ? true : undefined}
          aria-describedby={describe('budgetUsd', true)}
          onInput={(e) => update('budgetUsd', e.currentTarget.value)}
        />
      </Field>
    </>
  );
}
