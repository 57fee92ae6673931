// @vitest-environment jsdom
/** BudgetFields: both ceilings render as labelled inputs of their own kind and report typing to the form. */
import { render } from 'preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formFromPublic } from '../lib/settings-form';
import { BudgetFields } from './budget-fields';

let root: HTMLElement;
afterEach(() => {
  render(null, root);
  root.remove();
});

describe('BudgetFields', () => {
  it('renders the token and dollar ceilings, marks an error, and updates the form on input', () => {
    root = document.createElement('div');
    document.body.append(root);
    const update = vi.fn();
    const form = { ...formFromPublic(null), budgetTokens: '5000', budgetUsd: '' };
    render(
      <BudgetFields
        form={form}
        errors={{ budgetUsd: 'not a number' }}
        update={update}
        describe={(id) => `${id}-hint`}
      />,
      root,
    );
    const tokens = root.querySelector<HTMLInputElement>('#settings-budgetTokens');
    const usd = root.querySelector<HTMLInputElement>('#settings-budgetUsd');
    expect(tokens?.value).toBe('5000');
    expect(tokens?.inputMode).toBe('numeric');
    expect(usd?.inputMode).toBe('decimal');
    expect(tokens?.getAttribute('aria-invalid')).toBeNull();
    expect(usd?.getAttribute('aria-invalid')).toBe('true');
    expect(usd?.getAttribute('aria-describedby')).toBe('budgetUsd-hint');
    expect(root.textContent).toContain('Task budget: US dollars (optional)');
    if (!usd) throw new Error('no dollar field');
    usd.value = '2.5';
    usd.dispatchEvent(new Event('input', { bubbles: true }));
    expect(update).toHaveBeenCalledWith('budgetUsd', '2.5');
  });

  it("the run form's budget has its own ids and says an empty field means the settings' default", () => {
    root = document.createElement('div');
    document.body.append(root);
    const form = { ...formFromPublic(null), budgetTokens: '', budgetUsd: '' };
    render(<BudgetFields form={form} errors={{}} update={vi.fn()} describe={() => undefined} scope="run" />, root);
    expect(root.querySelector('#run-budgetTokens')).not.toBeNull();
    expect(root.querySelector('#settings-budgetTokens')).toBeNull();
    expect(root.textContent).toContain('Run budget: tokens (optional)');
    expect(root.textContent).toContain("Empty: the settings' default.");
  });
});
