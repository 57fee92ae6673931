// @vitest-environment jsdom
// Issue 24 item 1: the gate's view of an action (the page's gate facts) and the dispatcher's view
// (the function that performs it) agree on every argument shape: one table, both sides.
import { beforeAll, describe, expect, it } from 'vitest';
import { pickOption } from '../../shared/option-pick';
import { GateFactsSchema, type GateFacts } from '../../shared/protocol/gate-facts';
import { noteAgentWrote } from '../actions/agent-typed';
import { mayChoose } from '../actions/judged-choice';
import { ARIA_OPTION_KEYS } from '../actions/option-keys';
import { selectOption } from '../actions/select';
import { typeText } from '../actions/type';
import { installAxApi, type WbAxApi } from '../ax/api';
import { gateFactsHandler } from './gate-facts';

let api: WbAxApi;

beforeAll(() => {
  // jsdom has no layout: scrolling is a no-op here.
  Element.prototype.scrollIntoView = () => undefined;
  api = installAxApi(globalThis, document);
});

function mount(html: string): void {
  document.body.innerHTML = html;
}

function ref(selector: string): string {
  const el = document.querySelector(selector);
  if (!el) throw new Error(`no ${selector}`);
  return api.registry.refFor(el);
}

function facts(args: Record<string, unknown>): GateFacts {
  const r = gateFactsHandler.run(args, document);
  return GateFactsSchema.parse('ok' in r && r.ok ? r.data : null);
}

const NATIVE = `<label>Account actions <select id="s">
  <option value="">Choose…</option>
  <option value="export">Export data</option>
  <option value="d-acct" label="Delete account">Delete account</option>
</select></label>`;

/** [argument shape, the option's text] — every way select_option accepts to name an option. */
const NATIVE_SHAPES: [Record<string, string>, string][] = [
  [{ value: 'd-acct' }, 'Delete account'],
  [{ value: 'd-a' }, 'Delete account'],
  [{ value: ' D-ACCT ' }, 'Delete account'],
  [{ value: 'acct' }, 'Delete account'],
  [{ label: 'Delete account' }, 'Delete account'],
  [{ label: 'delete' }, 'Delete account'],
  [{ label: '  DELETE\tACCOUNT ' }, 'Delete account'],
  [{ value: 'exp' }, 'Export data'],
];

describe('select_option: the gate judges the option the dispatcher chooses', () => {
  it.each(NATIVE_SHAPES)('native select %j', async (want, text) => {
    mount(NATIVE);
    const gate = facts({ tool: 'select', ref: ref('#s'), ...want });
    const done = await selectOption({ ref_id: ref('#s'), ...want }, document);
    expect(done.ok && done.data.selected).toBe(text);
    expect(gate.target?.name).toBe(text);
  });

  const ARIA = `<button id="t" aria-haspopup="listbox" aria-controls="m">Bulk action</button>
    <ul role="listbox" id="m" aria-label="Bulk action">
      <li role="option" id="opt-read" data-value="mr">Mark all read</li>
      <li role="option" id="opt-wipe">Delete all messages</li>
      <li role="option" value="arch">Archive all</li>
    </ul>`;
  const ARIA_SHAPES: [Record<string, string>, string][] = [
    [{ value: 'mr' }, 'Mark all read'],
    [{ value: 'opt-wipe' }, 'Delete all messages'],
    [{ value: 'arch' }, 'Archive all'],
    [{ value: 'delete' }, 'Delete all messages'],
    [{ label: 'delete all' }, 'Delete all messages'],
    [{ label: ' MARK ALL read ' }, 'Mark all read'],
  ];
  it.each(ARIA_SHAPES)('ARIA listbox %j', (want, text) => {
    mount(ARIA);
    const gate = facts({ tool: 'select', ref: ref('#t'), ...want });
    // The dispatcher's choice: the same rule and keys selectAria applies to the list it opened.
    const items = [...document.querySelectorAll('[role="option"]')];
    const pick = pickOption(items, want, ARIA_OPTION_KEYS);
    expect(pick !== null && pick !== 'ambiguous' ? ARIA_OPTION_KEYS.label(pick) : pick).toBe(text);
    expect(gate.target?.name).toBe(text);
  });

  it('judges every option an ambiguous shape could end on', () => {
    mount(
      `<select id="s"><option value="del-1">Delete drafts</option><option value="del-2">Delete account</option></select>`,
    );
    expect(facts({ tool: 'select', ref: ref('#s'), value: 'del' }).target?.name).toBe('Delete drafts / Delete account');
  });
});

describe('select_option: the dispatcher chooses only what the gate judged', () => {
  it('refuses an option element the gate did not see (the list was rebuilt in between)', async () => {
    mount(NATIVE);
    facts({ tool: 'select', ref: ref('#s'), value: 'd-a' });
    const select = document.querySelector('select');
    const swapped = document.createElement('option');
    swapped.value = 'd-acct';
    swapped.textContent = 'Delete account';
    select?.querySelector('option[value="d-acct"]')?.replaceWith(swapped);
    const r = await selectOption({ ref_id: ref('#s'), value: 'd-a' }, document);
    expect(!r.ok && r.error.code).toBe('target_changed');
  });
  it('with no option rendered at the gate, only the option named exactly as judged', () => {
    mount('<button id="t" aria-haspopup="listbox" aria-controls="m">Bulk</button><ul role="listbox" id="m"></ul>');
    const trigger = document.querySelector('#t');
    const item = document.createElement('li');
    item.textContent = 'Delete all messages';
    if (!trigger) throw new Error('no trigger');
    facts({ tool: 'select', ref: ref('#t'), value: 'rm' });
    expect(mayChoose(trigger, item, 'Delete all messages')).toBe(false);
    facts({ tool: 'select', ref: ref('#t'), label: ' delete ALL messages' });
    expect(mayChoose(trigger, item, 'Delete all messages')).toBe(true);
    // Used once: a later dispatch without a gate question is not bound (direct calls outside a task).
    expect(mayChoose(trigger, item, 'anything')).toBe(true);
  });
});

describe('press_key: the gate parses the key the page presses', () => {
  it.each(['Enter', 'Enter\t', 'Enter ', ' return', 'RETURN\r', 'enter\n'])('%j on a button is a click', (key) => {
    mount('<button id="b">Buy now</button>');
    const f = facts({ tool: 'press_key', ref: ref('#b'), key });
    expect(f.activation).toBe('click');
    expect(f.target?.name).toBe('Buy now');
  });
  it.each(['\t', ' ', 'Space', 'spacebar '])('%j on a button is Space: a click', (key) => {
    mount('<button id="b">Delete all files</button>');
    expect(facts({ tool: 'press_key', ref: ref('#b'), key }).activation).toBe('click');
  });
  it.each(['ctrl + enter\t', 'Control+Enter', 'CMD+return'])('%j in a composer sends', (key) => {
    mount('<div id="c" contenteditable="true" role="textbox" aria-multiline="true" aria-label="Message"></div>');
    expect(facts({ tool: 'press_key', ref: ref('#c'), key }).activation).toBe('send');
  });
});

describe('data loss facts', () => {
  it('typing over text the agent did not write erases it; its own text does not', () => {
    mount('<label>Bio <textarea id="bio">Marine biologist.</textarea></label>');
    expect(facts({ tool: 'type', ref: ref('#bio'), clear: true }).erases).toEqual({ what: 'content', chars: 17 });
    expect(facts({ tool: 'type', ref: ref('#bio'), clear: false }).erases).toBeUndefined();
    const bio = document.querySelector('textarea');
    if (!bio) throw new Error('no textarea');
    bio.value = 'Typed by the agent';
    noteAgentWrote(bio);
    expect(facts({ tool: 'type', ref: ref('#bio'), clear: true }).erases).toBeUndefined();
    expect(facts({ tool: 'press_key', ref: ref('#bio'), key: 'Backspace' }).erases).toBeUndefined();
    bio.value = 'Typed by the agent, then edited by the user';
    expect(facts({ tool: 'press_key', ref: ref('#bio'), key: 'Backspace' }).erases?.what).toBe('content');
  });
  it('what type_ax wrote is the agent\u2019s to correct; appending to the user\u2019s text does not make it so', async () => {
    mount('<label>Bio <textarea id="bio">Marine biologist.</textarea></label>');
    const appended = await typeText({ ref_id: ref('#bio'), text: ' Diver.', clear: false }, document);
    expect(appended.ok).toBe(true);
    expect(facts({ tool: 'press_key', ref: ref('#bio'), key: 'Backspace' }).erases?.what).toBe('content');
    const replaced = await typeText({ ref_id: ref('#bio'), text: 'Hello' }, document);
    expect(replaced.ok && replaced.data.result.success).toBe(true);
    expect(facts({ tool: 'press_key', ref: ref('#bio'), key: 'Backspace' }).erases).toBeUndefined();
    expect(facts({ tool: 'type', ref: ref('#bio'), clear: true }).erases).toBeUndefined();
  });
  it.each(['Backspace', 'Delete', 'Control+Backspace', 'Alt+Delete', 'Control+x', 'Meta+X'])(
    '%j in a field with the user\u2019s text erases',
    (key) => {
      mount('<input id="d" value="Call the notary">');
      expect(facts({ tool: 'press_key', ref: ref('#d'), key }).erases?.what).toBe('content');
    },
  );
  it('a character or paste over a selection of the user\u2019s text replaces it', () => {
    mount('<input id="d" value="Call the notary">');
    const input = document.querySelector('input');
    input?.setSelectionRange(0, 4);
    expect(facts({ tool: 'press_key', ref: ref('#d'), key: 'x' }).erases).toEqual({ what: 'selection', chars: 4 });
    expect(facts({ tool: 'press_key', ref: ref('#d'), key: 'Control+v' }).erases?.what).toBe('selection');
    input?.setSelectionRange(4, 4);
    expect(facts({ tool: 'press_key', ref: ref('#d'), key: 'x' }).erases).toBeUndefined();
  });
  it('Delete on an element that is not a text field is an app shortcut; empty fields and search boxes lose nothing', () => {
    mount('<div role="row" id="r" tabindex="0">tax.pdf</div><input id="e"><input type="search" id="q" value="shoes">');
    expect(facts({ tool: 'press_key', ref: ref('#r'), key: 'Delete' }).erases?.what).toBe('shortcut');
    expect(facts({ tool: 'press_key', ref: ref('#e'), key: 'Backspace' }).erases).toBeUndefined();
    expect(facts({ tool: 'type', ref: ref('#q'), clear: true }).erases).toBeUndefined();
  });
});
