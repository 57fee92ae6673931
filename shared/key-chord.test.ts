import { describe, expect, it } from 'vitest';
import {
  canonicalModifiers,
  cdpModifierBits,
  describeChord,
  modifierFlags,
  modifierKeyChord,
  parseChord,
} from './key-chord';

describe('parseChord', () => {
  it('parses named keys, aliases, characters and chords', () => {
    expect(parseChord('Enter')).toMatchObject({ key: 'Enter', code: 'Enter', keyCode: 13 });
    expect(parseChord('esc')).toMatchObject({ key: 'Escape', keyCode: 27 });
    expect(parseChord('Control+a')).toMatchObject({ key: 'a', code: 'KeyA', keyCode: 65, ctrlKey: true });
    expect(parseChord('Shift+Tab')).toMatchObject({ key: 'Tab', shiftKey: true });
    expect(parseChord('Meta+K')).toMatchObject({ key: 'K', code: 'KeyK', metaKey: true });
    expect(parseChord('Space')).toMatchObject({ key: ' ', code: 'Space' });
    expect(parseChord('f5')).toMatchObject({ key: 'F5', keyCode: 116 });
    expect(parseChord('Control++')).toMatchObject({ key: '+', ctrlKey: true });
    expect(parseChord('down')).toMatchObject({ key: 'ArrowDown', keyCode: 40 });
  });

  it('rejects what is not a key', () => {
    for (const bad of ['', 'Hyper+Q', 'Control+', 'NotAKey', 'a+b']) expect(parseChord(bad)).toBeNull();
  });

  it('describes chords back in canonical form', () => {
    const c = parseChord('ctrl+shift+z');
    expect(c && describeChord(c)).toBe('Control+Shift+z');
  });
});

describe('modifiers', () => {
  it('orders, flags and encodes modifiers', () => {
    expect(canonicalModifiers(['Shift', 'Meta', 'Control', 'Shift'])).toEqual(['Control', 'Shift', 'Meta']);
    expect(modifierFlags(['Shift'])).toEqual({ ctrlKey: false, altKey: false, shiftKey: true, metaKey: false });
    expect(modifierKeyChord('Shift', ['Control', 'Shift'])).toMatchObject({
      key: 'Shift',
      code: 'ShiftLeft',
      keyCode: 16,
      ctrlKey: true,
      shiftKey: true,
    });
    expect(cdpModifierBits(['Alt', 'Control', 'Meta', 'Shift'])).toBe(15);
    expect(cdpModifierBits([])).toBe(0);
  });
});
