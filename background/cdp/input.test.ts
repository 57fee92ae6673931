import { describe, expect, it } from 'vitest';
import { ok } from '../../shared/result';
import { parseChord } from '../../shared/key-chord';
import { pressChord } from './input';

function recorder() {
  const sent: string[] = [];
  const send = (_tabId: number, _method: string, params: Record<string, unknown> = {}) => {
    const text = typeof params.text === 'string' ? ` text=${JSON.stringify(params.text)}` : '';
    sent.push(`${String(params.type)} ${String(params.key)} mods=${String(params.modifiers)}${text}`);
    return Promise.resolve(ok({}));
  };
  return { sent, send };
}

describe('pressChord', () => {
  it('sends each modifier’s own keyDown and keyUp around the key, with the bits held at each moment', async () => {
    const { sent, send } = recorder();
    const chord = parseChord('Control+Shift+ArrowDown');
    if (!chord) throw new Error('chord');
    expect((await pressChord(send, 1, chord)).ok).toBe(true);
    expect(sent).toEqual([
      'keyDown Control mods=2',
      'keyDown Shift mods=10',
      'keyDown ArrowDown mods=10',
      'keyUp ArrowDown mods=10',
      'keyUp Shift mods=2',
      'keyUp Control mods=0',
    ]);
  });

  it('gives Enter and characters their text (keypress, implicit submission), other keys none', async () => {
    const { sent, send } = recorder();
    for (const k of ['Enter', 'Escape', 'Shift+A']) {
      const chord = parseChord(k);
      if (chord) await pressChord(send, 1, chord);
    }
    expect(sent.filter((l) => l.startsWith('keyDown'))).toEqual([
      'keyDown Enter mods=0 text="\\r"',
      'keyDown Escape mods=0',
      'keyDown Shift mods=8',
      'keyDown A mods=8 text="A"',
    ]);
  });
});
