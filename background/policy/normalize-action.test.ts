import { describe, expect, it } from 'vitest';
import { parseChord } from '../../shared/key-chord';
import { factsQuery } from './approval-rules';
import { normalizeAction } from './normalize-action';

/** [what the model sends, the chord that is pressed] — whitespace, case, aliases, modifiers. */
const KEYS: [string, string][] = [
  ['Enter', 'Enter'],
  ['Enter\t', 'Enter'],
  ['Enter ', 'Enter'],
  [' enter\n', 'Enter'],
  ['RETURN\r', 'Enter'],
  ['return', 'Enter'],
  ['\t', 'Space'],
  [' ', 'Space'],
  ['spacebar', 'Space'],
  ['ctrl + enter\t', 'Control+Enter'],
  ['Control+Enter', 'Control+Enter'],
  ['cmd+RETURN', 'Meta+Enter'],
  ['del', 'Delete'],
  ['Backspace ', 'Backspace'],
  ['control+shift+delete', 'Control+Shift+Delete'],
  ['ctrl+x', 'Control+x'],
  ['Control++', 'Control++'],
];

describe('press_key: one parser for the gate and the dispatcher', () => {
  it.each(KEYS)('%j is pressed as %s by both', (raw, chord) => {
    const dispatched = normalizeAction('press_key', { key: raw, ref_id: 'ref_1' });
    const judged = factsQuery('press_key', { key: raw, ref_id: 'ref_1' });
    expect(dispatched).toEqual({ key: chord, ref_id: 'ref_1' });
    expect(judged).toMatchObject({ tool: 'press_key', key: chord, ref: 'ref_1' });
    // The page parses what it receives with the same function: the canonical form is stable.
    expect(parseChord(chord)).toEqual(parseChord(raw));
  });

  it('leaves other tools and keys that are not keys as they are (the page refuses those)', () => {
    expect(normalizeAction('click_ax', { ref_id: 'ref_1' })).toEqual({ ref_id: 'ref_1' });
    expect(normalizeAction('press_key', { key: 'Hyper+Q' })).toEqual({ key: 'Hyper+Q' });
    expect(factsQuery('press_key', { key: 'Hyper+Q' })).toBeNull();
  });

  it.each(['Tab', 'Shift+Tab', 'Escape', 'ArrowDown', 'PageDown', 'F5', 'Control+a'])(
    '%s moves focus, caret, view or selection only: not inspected',
    (key) => expect(factsQuery('press_key', { key })).toBeNull(),
  );
});

describe('click_ax: the press the page makes is the press the gate judges (issue 25)', () => {
  it('drops the defaults and orders modifiers once each', () => {
    expect(normalizeAction('click_ax', { ref_id: 'ref_1', button: 'left', clickCount: 1, modifiers: [] })).toEqual({
      ref_id: 'ref_1',
    });
    expect(
      normalizeAction('click_ax', { ref_id: 'ref_1', clickCount: 2, modifiers: ['Shift', 'Control', 'Shift'] }),
    ).toEqual({ ref_id: 'ref_1', clickCount: 2, modifiers: ['Control', 'Shift'] });
    // Bad values are the schema's to refuse: left as they are.
    expect(normalizeAction('click_ax', { ref_id: 'ref_1', modifiers: ['Hyper'] })).toEqual({
      ref_id: 'ref_1',
      modifiers: ['Hyper'],
    });
  });

  it('a right-click is not inspected (it opens a menu); double, middle and modified clicks are clicks', () => {
    expect(factsQuery('click_ax', { ref_id: 'ref_1', button: 'right' })).toBeNull();
    for (const press of [{ clickCount: 2 }, { button: 'middle' }, { modifiers: ['Control'] }, { button: 'left' }])
      expect(factsQuery('click_ax', { ref_id: 'ref_1', ...press })).toEqual({ tool: 'click', ref: 'ref_1' });
  });
});
