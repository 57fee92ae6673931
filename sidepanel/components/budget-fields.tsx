/**
 * The default task budget (issue 30, shared/task-budget.ts): a token ceiling and an estimated-cost
 * ceiling per task. A task that reaches either stops before its next model call and says what it did.
 */
import { Field, type FieldsProps } from './settings-fields';

const BUDGETS = [
  {
    id: 'budgetTokens',
    label: 'Task budget: tokens (optional)',
    hint: "A task stops when its model calls have used this many tokens (every call's whole prompt counts). Empty: no limit.",
    inputMode: 'numeric',
  },
  {
    id: 'budgetUsd',
    label: 'Task budget: US dollars (optional)',
    hint: 'A task stops when its estimated cost at list price reaches this. Checked only for models with a known price. Empty: no limit.',
    inputMode: 'decimal',
  },
] as const;

export function BudgetFields(props: FieldsProps) {
  const { form, errors, update, describe } = props;
  return (
    <>
      {BUDGETS.map(({ id, label, hint, inputMode }) => (
        <Field key={id} id={id} label={label} error={errors[id]} hint={hint}>
          <input
            id={`settings-${id}`}
            type="text"
            inputMode={inputMode}
            autocomplete="off"
            value={form[id]}
            placeholder="No limit"
            aria-invalid={errors[id] ? true : undefined}
            aria-describedby={describe(id, true)}
            onInput={(e) => update(id, e.currentTarget.value)}
          />
        </Field>
      ))}
    </>
  );
}
