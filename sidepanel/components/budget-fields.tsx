/**
 * The default task budget (issue 30, shared/task-budget.ts): a token ceiling and an estimated-cost
 * ceiling per task. A task that reaches either stops before its next model call and says what it did.
 */
import { Field, type FieldsProps } from './settings-fields';

export function BudgetFields(props: FieldsProps) {
  const { form, errors, update, describe } = props;
  return (
    <>
      <Field
        id="budgetTokens"
        label="Task budget: tokens (optional)"
        error={errors.budgetTokens}
        hint="A task stops when its model calls have used this many tokens (every call's whole prompt counts). Empty: no limit."
      >
        <input
          id="settings-budgetTokens"
          type="text"
          inputMode="numeric"
          autocomplete="off"
          value={form.budgetTokens}
          placeholder="No limit"
          aria-invalid={errors.budgetTokens ? true : undefined}
          aria-describedby={describe('budgetTokens', true)}
          onInput={(e) => update('budgetTokens', e.currentTarget.value)}
        />
      </Field>
      <Field
        id="budgetUsd"
        label="Task budget: US dollars (optional)"
        error={errors.budgetUsd}
        hint="A task stops when its estimated cost at list price reaches this. Checked only for models with a known price. Empty: no limit."
      >
        <input
          id="settings-budgetUsd"
          type="text"
          inputMode="decimal"
          autocomplete="off"
          value={form.budgetUsd}
          placeholder="No limit"
          aria-invalid={errors.budgetUsd ? true : undefined}
          aria-describedby={describe('budgetUsd', true)}
          onInput={(e) => update('budgetUsd', e.currentTarget.value)}
        />
      </Field>
    </>
  );
}
