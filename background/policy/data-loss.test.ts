import { describe, expect, it } from 'vitest';
import type { GateFacts } from '../../shared/protocol/gate-facts';
import { classifyAction } from './approval-rules';

const O = 'https://notes.example';
const field = (erases: GateFacts['erases'], role = 'textbox', name = 'Draft'): GateFacts => ({
  origin: O,
  activation: 'none',
  target: { role, name },
  form: null,
  ...(erases ? { erases } : {}),
});

describe('data loss asks', () => {
  it('typing over text the agent did not write asks, naming how much', () => {
    const need = classifyAction('type_ax', { ref_id: 'ref_1', text: 'x' }, field({ what: 'content', chars: 40 }));
    expect(need).toEqual({
      kind: 'erase',
      description: 'Type into textbox "Draft", replacing its 40 characters of text Weaverbird did not type',
    });
  });
  it.each([
    [
      'Backspace',
      { what: 'content', chars: 12 },
      /^Press Backspace in textbox "Draft", deleting from its 12 characters/,
    ],
    [
      'Control+x',
      { what: 'content', chars: 1 },
      /^Press Control\+x in textbox "Draft", deleting from its 1 character of/,
    ],
    ['x', { what: 'selection', chars: 5 }, /replacing 5 characters of selected text/],
    ['Delete', { what: 'shortcut', chars: 0 }, /^Press Delete on textbox "Draft" \(pages use it to delete/],
  ] as const)('press_key %s asks', (key, erases, description) => {
    const need = classifyAction('press_key', { key, ref_id: 'ref_1' }, field({ ...erases }));
    expect(need?.kind).toBe('erase');
    expect(need?.description).toMatch(description);
  });
  it('without an erasure, typing and editing keys ask nothing', () => {
    expect(classifyAction('type_ax', { ref_id: 'ref_1', text: 'x' }, field(undefined))).toBeNull();
    expect(classifyAction('press_key', { key: 'Backspace', ref_id: 'ref_1' }, field(undefined))).toBeNull();
  });
});
