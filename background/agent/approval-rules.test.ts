import { describe, expect, it } from 'vitest';
import { approvalReason, type ElementFacts } from './approval-rules';

const button = (text: string, extra: Partial<ElementFacts> = {}): ElementFacts => ({
  tag: 'button',
  role: 'button',
  text,
  isSubmit: false,
  formHasPassword: false,
  formHasPayment: false,
  ...extra,
});

describe('approval rules', () => {
  it('asks before Buy / Pay / Send / Delete / Transfer / Place order', () => {
    for (const label of ['Buy now', 'Pay $40.00', 'Send', 'Delete account', 'Transfer funds', 'Place your order']) {
      expect(approvalReason('click_ax', { ref_id: 'ref_1' }, button(label))).toMatch(/^Click button/);
    }
  });
  it('lets routine clicks through', () => {
    for (const label of ['Add', 'Next page', 'Sender settings', 'Payments help']) {
      expect(approvalReason('click_ax', { ref_id: 'ref_1' }, button(label))).toBeNull();
    }
  });
  it('asks before submitting a form with password or payment fields', () => {
    expect(approvalReason('click_ax', {}, button('Sign in', { isSubmit: true, formHasPassword: true }))).toMatch(
      /password fields/,
    );
    const card = { ...button('Card number', { formHasPayment: true }), role: 'textbox' };
    expect(approvalReason('focus_type', { ref_id: 'ref_2', text: '4242', submit: true }, card)).toMatch(
      /payment fields/,
    );
    expect(approvalReason('focus_type', { ref_id: 'ref_2', text: '4242' }, card)).toBeNull();
    expect(approvalReason('press_key', { ref_id: 'ref_2', key: 'Enter' }, card)).toMatch(/Press Enter/);
  });
});
