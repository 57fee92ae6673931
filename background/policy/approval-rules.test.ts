import { describe, expect, it } from 'vitest';
import type { GateFacts } from '../../shared/protocol/gate-facts';
import { classifyAction, factsQuery } from './approval-rules';

const O = 'https://shop.example';
const click = (role: string, name: string, form: GateFacts['form'] = null): GateFacts => ({
  origin: O,
  activation: 'click',
  target: { role, name },
  form,
});
const form = (extra: Partial<NonNullable<GateFacts['form']>> = {}): NonNullable<GateFacts['form']> => ({
  submitter: { role: 'button', name: 'Continue' },
  hasPassword: false,
  hasPayment: false,
  ...extra,
});

describe('approval classifier', () => {
  it('judges upload_file like typing: no click-style question (the write gate and the attached-file guard judge it)', () => {
    expect(factsQuery('upload_file', { ref_id: 'ref_1', files: [] })).toBeNull();
    expect(classifyAction('upload_file', { ref_id: 'ref_1', files: [{ name: 'a.txt', text: 'x' }] }, null)).toBeNull();
    // An unknown tool still asks: classifying upload_file made no other tool free.
    expect(classifyAction('upload_files', { ref_id: 'ref_1' }, null)).toMatchObject({ kind: 'other' });
  });
  it('asks before clicking hard-to-undo buttons, naming role and name', () => {
    for (const label of ['Buy now', 'Pay $40.00', 'Send', 'Delete account', 'Transfer funds', 'Place your order']) {
      expect(classifyAction('click_ax', { ref_id: 'ref_1' }, click('button', label))?.description).toBe(
        `Click button ${JSON.stringify(label)}`,
      );
    }
  });
  it('lets routine clicks and toggles through', () => {
    for (const label of ['Add', 'Add todo', 'Next page', 'Sender settings', 'Payments help']) {
      expect(classifyAction('click_ax', { ref_id: 'ref_1' }, click('button', label))).toBeNull();
    }
    expect(classifyAction('click_ax', { ref_id: 'ref_1' }, click('checkbox', 'Toggle Pay bills'))).toBeNull();
  });
  it('counts Enter/Space on a button as a click', () => {
    const need = classifyAction('press_key', { key: 'Enter', ref_id: 'ref_3' }, click('button', 'Buy now'));
    expect(need).toEqual({ kind: 'click', description: 'Press Enter on button "Buy now"' });
    expect(factsQuery('press_key', { key: 'Tab' })).toBeNull();
    expect(factsQuery('press_key', { key: 'Control+Enter' })).toMatchObject({ tool: 'press_key' });
    expect(factsQuery('press_key', { key: ' ' })).toMatchObject({ tool: 'press_key' });
  });
  it('asks before submitting a form with password or payment fields, by click or Enter', () => {
    expect(
      classifyAction('click_ax', { ref_id: 'ref_1' }, click('button', 'Sign in', form({ hasPassword: true }))),
    ).toMatchObject({ kind: 'submit', description: expect.stringMatching(/password fields/) });
    const enter: GateFacts = {
      origin: O,
      activation: 'submit',
      target: { role: 'textbox', name: 'Card number' },
      form: form({ hasPayment: true }),
    };
    expect(classifyAction('press_key', { key: 'Enter' }, enter)?.description).toBe(
      'Submit a form with payment fields by pressing Enter on textbox "Card number"',
    );
    expect(classifyAction('focus_type', { ref_id: 'ref_2', text: '4242', submit: true }, enter)?.kind).toBe('submit');
    // Typing is inspected too (data loss): the page says whether it would replace text the agent did not write.
    expect(factsQuery('focus_type', { ref_id: 'ref_2', text: '4242' })).toMatchObject({ tool: 'type', clear: true });
    expect(factsQuery('type_ax', { ref_id: 'ref_2', text: '4242', clear: false })).toMatchObject({ clear: false });
  });
  it('asks when the form submitted by Enter has a hard-to-undo button', () => {
    const f: GateFacts = {
      origin: O,
      activation: 'submit',
      target: { role: 'textbox', name: 'Comment' },
      form: form({ submitter: { role: 'button', name: 'Post comment' } }),
    };
    expect(classifyAction('focus_type', { ref_id: 'ref_2', text: 'hi', submit: true }, f)?.kind).toBe('submit');
    const search: GateFacts = {
      ...f,
      target: { role: 'searchbox', name: 'Search' },
      form: form({ submitter: { role: 'button', name: 'Search' } }),
    };
    expect(classifyAction('focus_type', { ref_id: 'ref_2', text: 'cats', submit: true }, search)).toBeNull();
  });
  it('always asks before sending from a composer', () => {
    const composer: GateFacts = {
      origin: O,
      activation: 'send',
      target: { role: 'textbox', name: 'Message' },
      form: null,
    };
    expect(classifyAction('press_key', { key: 'Control+Enter' }, composer)?.kind).toBe('send');
    expect(classifyAction('focus_type', { ref_id: 'ref_1', text: 'hi', submit: true }, composer)?.kind).toBe('send');
  });
  it('judges select_option on the option chosen', () => {
    const choose = (name: string): GateFacts => ({
      origin: O,
      activation: 'choose',
      target: { role: 'menuitem', name },
      form: null,
    });
    expect(classifyAction('select_option', { ref_id: 'ref_1', label: 'Delete' }, choose('Delete'))?.description).toBe(
      'Choose menuitem "Delete"',
    );
    expect(classifyAction('select_option', { ref_id: 'ref_1', label: 'Support' }, choose('Support'))).toBeNull();
  });
  it('fails closed when the target cannot be inspected', () => {
    expect(classifyAction('press_key', { key: 'Enter' }, null)?.kind).toBe('other');
    expect(classifyAction('click_ax', { ref_id: 'ref_9' }, null)?.description).toMatch(
      /^Click ref_9 \(Weaverbird cannot tell/,
    );
    expect(classifyAction('select_option', { ref_id: 'ref_9', label: 'x' }, null)).not.toBeNull();
    // Typing over a field that could not be inspected may replace the user's text: it asks too.
    expect(classifyAction('type_ax', { ref_id: 'ref_9', text: 'x' }, null)?.description).toMatch(/^Type into ref_9/);
    expect(classifyAction('scroll', { direction: 'down' }, null)).toBeNull();
    expect(classifyAction('some_new_tool', {}, null)?.kind).toBe('other');
  });
  it('caps and quotes page-controlled names', () => {
    const long = `Delete ${'x'.repeat(200)}"`;
    const d = classifyAction('click_ax', { ref_id: 'ref_1' }, click('button', long))?.description ?? '';
    expect(d.length).toBeLessThan(90);
    expect(d).toMatch(/…"$/);
  });
});

describe('click_ax presses (issue 25)', () => {
  it('a double-click on "Delete" asks, named as the press it is; a right-click on it does not', () => {
    const del = click('button', 'Delete draft');
    expect(classifyAction('click_ax', { ref_id: 'ref_1', clickCount: 2 }, del)).toEqual({
      kind: 'click',
      description: 'Double-click button "Delete draft"',
    });
    expect(
      classifyAction('click_ax', { ref_id: 'ref_1', button: 'middle', modifiers: ['Control'] }, del)?.description,
    ).toBe('Control+Middle-click button "Delete draft"');
    expect(classifyAction('click_ax', { ref_id: 'ref_1', button: 'right' }, del)).toBeNull();
    expect(classifyAction('click_ax', { ref_id: 'ref_1', button: 'right' }, null)).toBeNull();
  });
});

describe('drag (issue 25)', () => {
  it('judges the drop target like a click on it, and asks for a drop at a bare point', () => {
    expect(factsQuery('drag', { ref_id: 'ref_1', to_ref_id: 'ref_7' })).toEqual({ tool: 'click', ref: 'ref_7' });
    expect(classifyAction('drag', { ref_id: 'ref_1', to_ref_id: 'ref_7' }, click('button', 'Trash'))).toEqual({
      kind: 'click',
      description: 'Drop onto button "Trash"',
    });
    expect(classifyAction('drag', { ref_id: 'ref_1', to_ref_id: 'ref_7' }, click('listitem', 'Done'))).toBeNull();
    expect(classifyAction('drag', { ref_id: 'ref_1', to: { x: 10, y: 20 } }, null)?.description).toBe(
      'Drag ref_1 to the point (10, 20) (Weaverbird cannot tell what is there)',
    );
  });
});
