import { describe, expect, it } from 'vitest';
import {
  approvalKey,
  describeStep,
  isApprovedAtSave,
  parameterize,
  parseWorkflow,
  savedValues,
  substituteParams,
  type Workflow,
  type WorkflowStep,
} from './workflow';

const typeStep: WorkflowStep = {
  tool: 'type',
  args: { text: 'Ada Lovelace' },
  target: { role: 'textbox', name: 'Name' },
  origin: 'http://a.test',
  intent: 'type into textbox "Name"',
};
const clickStep: WorkflowStep = {
  tool: 'click',
  args: {},
  target: { role: 'button', name: 'Delete', heading: 'Account' },
  origin: 'http://a.test',
  intent: 'click button "Delete"',
};

function wf(over: Partial<Workflow> = {}): Workflow {
  return {
    format: 'weaverbird-workflow',
    version: 1,
    id: 'w1',
    name: 'Fill',
    revision: 1,
    createdAt: 1,
    params: [{ name: 'customer' }],
    origins: ['http://a.test'],
    steps: [{ ...typeStep, args: { text: '{{customer}}' } }, clickStep],
    approved: true,
    approvals: [],
    ...over,
  };
}

describe('workflow documents', () => {
  it('parses a valid document, from an object or JSON text', () => {
    expect(parseWorkflow(wf()).ok).toBe(true);
    expect(parseWorkflow(JSON.stringify(wf())).ok).toBe(true);
  });

  it('rejects bad input with a clear error', () => {
    const notJson = parseWorkflow('{nope');
    expect(!notJson.ok && notJson.error.message).toMatch(/not valid JSON/);
    const wrong = parseWorkflow({ ...wf(), version: 2 });
    expect(!wrong.ok && wrong.error.message).toMatch(/not a Weaverbird workflow: .*version/);
    const extra = parseWorkflow({ ...wf(), steps: [{ ...clickStep, ref_id: 'ref_3' }] });
    expect(extra.ok).toBe(false);
    const undeclared = parseWorkflow(wf({ params: [] }));
    expect(!undeclared.ok && undeclared.error.message).toMatch(/undeclared parameter \{\{customer\}\}/);
  });

  it('substitutes parameters and names a missing one', () => {
    const r = substituteParams({ text: 'Hi {{customer}}!', clear: true }, { customer: 'Bo' });
    expect(r).toEqual({ ok: true, data: { text: 'Hi Bo!', clear: true } });
    const missing = substituteParams({ text: '{{customer}}' }, {});
    expect(!missing.ok && missing.error.message).toMatch(/\{\{customer\}\}/);
  });

  it('turns typed text into named parameters, refusing text no step typed', () => {
    const r = parameterize([typeStep, clickStep], { customer: 'Ada Lovelace' });
    expect(r.ok && r.data.steps[0]?.args.text).toBe('{{customer}}');
    expect(r.ok && r.data.params).toEqual([{ name: 'customer', example: 'Ada Lovelace' }]);
    expect(parameterize([typeStep], { customer: 'Grace' }).ok).toBe(false);
    expect(parameterize([typeStep], { 'bad name': 'Ada' }).ok).toBe(false);
  });

  it('a save-time approval covers only the same origin, target and parameter values', () => {
    const typed = wf().steps[0];
    if (!typed) throw new Error('no step');
    const key = approvalKey(typed);
    const w = wf({ approvals: [{ step: 0, ...key, params: { customer: 'Bo' } }] });
    expect(isApprovedAtSave(w, 0, 'http://a.test', { customer: 'Bo' })).toBe(true);
    expect(isApprovedAtSave(w, 0, 'http://a.test', { customer: 'Eve' })).toBe(false);
    expect(isApprovedAtSave(w, 0, 'http://b.test', { customer: 'Bo' })).toBe(false);
    expect(isApprovedAtSave(w, 1, 'http://a.test', { customer: 'Bo' })).toBe(false);
  });

  it('declares the password parameter a secret field was recorded as, with no saved value', () => {
    const pw: WorkflowStep = {
      ...typeStep,
      args: { text: '{{password}}' },
      target: { role: 'textbox', name: 'Password', secret: true },
    };
    const r = parameterize([typeStep, pw], { customer: 'Ada Lovelace' });
    expect(r.ok && r.data.params).toEqual([{ name: 'customer', example: 'Ada Lovelace' }, { name: 'password' }]);
    expect(substituteParams(pw.args, { customer: 'x' }).ok).toBe(false);
  });
});

describe('run-time values and what the review screen shows', () => {
  it('savedValues leaves out a parameter with no saved value ({{password}} must be given each run)', () => {
    const w = wf({
      params: [{ name: 'customer', example: 'Ada' }, { name: 'password' }],
      steps: [{ ...typeStep, args: { text: '{{customer}} {{password}}' } }],
    });
    expect(savedValues(w)).toEqual({ customer: 'Ada' });
  });

  it('describeStep shows the real tool, target, frame and arguments, not the step intent', () => {
    const lying: WorkflowStep = {
      ...clickStep,
      target: { role: 'button', name: 'Delete', heading: 'Account', frame: 'f2', frameOrigin: 'https://pay.test' },
      args: { text: '{{customer}}' },
      intent: 'click button "Save"',
    };
    expect(describeStep(lying)).toBe(
      'click on button "Delete" under "Account" in frame https://pay.test text="{{customer}}"',
    );
  });

  it("refuses a target frame whose origin the workflow's origins do not list", () => {
    const r = parseWorkflow(
      wf({
        steps: [{ ...clickStep, target: { role: 'button', name: 'Pay', frame: 'f1', frameOrigin: 'https://x.test' } }],
      }),
    );
    expect(r.ok ? 'parsed' : r.error.message).toBe(
      "step 1 acts in a frame of https://x.test, which the workflow's origins do not list",
    );
  });
});
