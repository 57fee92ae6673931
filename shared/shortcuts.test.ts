import { describe, expect, it } from 'vitest';
import {
  exportShortcuts,
  filterShortcuts,
  importShortcuts,
  parseShortcut,
  parseStoredShortcuts,
  removeShortcut,
  upsertShortcut,
  type Shortcut,
} from './shortcuts';

const morning: Shortcut = { name: 'Morning inbox', prompt: 'Summarize unread mail', mode: 'ask' };
const invoice: Shortcut = { name: 'Invoice form', prompt: 'Fill the invoice with my details', mode: 'act' };
const monitor: Shortcut = { name: 'Price check', prompt: 'Compare the monitor prices' };

describe('shortcuts', () => {
  it('validates names and prompts with clear reasons', () => {
    expect(parseShortcut({ name: '  Daily  ', prompt: 'x' })).toEqual({
      ok: true,
      data: { name: 'Daily', prompt: 'x' },
    });
    for (const [raw, reason] of [
      [{ name: '', prompt: 'x' }, /needs a name/],
      [{ name: '/cmd', prompt: 'x' }, /cannot start with "\/"/],
      [{ name: 'a'.repeat(41), prompt: 'x' }, /at most 40/],
      [{ name: 'ok', prompt: '' }, /prompt is empty/],
      [{ name: 'ok', prompt: 'x', mode: 'god' }, /mode/],
    ] as const) {
      const r = parseShortcut(raw);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error.message).toMatch(reason);
    }
  });

  it('saves over the same name (case-insensitive), newest first, and removes by name', () => {
    const one = upsertShortcut([morning, invoice], { name: 'morning INBOX', prompt: 'new' });
    expect(one.ok && one.data.map((s) => s.prompt)).toEqual(['new', invoice.prompt]);
    expect(removeShortcut([morning, invoice], 'invoice form')).toEqual([morning]);
  });

  it('filters for the palette: name prefix, then name, then prompt; every word must match', () => {
    const list = [monitor, invoice, morning];
    expect(filterShortcuts(list, 'mo').map((s) => s.name)).toEqual(['Morning inbox', 'Price check']);
    expect(filterShortcuts(list, 'in').map((s) => s.name)).toEqual(['Invoice form', 'Morning inbox']);
    expect(filterShortcuts(list, 'invoice details').map((s) => s.name)).toEqual(['Invoice form']);
    expect(filterShortcuts(list, '')).toEqual(list);
    expect(filterShortcuts(list, 'zzz')).toEqual([]);
  });

  it('drops damaged stored entries and duplicates, keeping the rest', () => {
    expect(parseStoredShortcuts([morning, { name: 1 }, { ...morning, prompt: 'dup' }, invoice])).toEqual([
      morning,
      invoice,
    ]);
    expect(parseStoredShortcuts('nope')).toEqual([]);
  });

  it('exports and imports back, replacing same names and naming what it skipped', () => {
    const file = exportShortcuts([morning, invoice]);
    const back = importShortcuts([], file);
    expect(back.ok && back.data).toEqual({ list: [invoice, morning], added: 2, replaced: 0, skipped: [] });
    const mixed = JSON.stringify({
      kind: 'weaverbird-shortcuts',
      version: 1,
      shortcuts: [{ name: 'Morning inbox', prompt: 'changed' }, { name: '', prompt: 'x' }, monitor],
    });
    const merged = importShortcuts([morning, invoice], mixed);
    expect(merged.ok && merged.data.added).toBe(1);
    expect(merged.ok && merged.data.replaced).toBe(1);
    expect(merged.ok && merged.data.skipped).toEqual(['entry 2: name: a shortcut needs a name']);
    expect(merged.ok && merged.data.list.find((s) => s.name === 'Morning inbox')?.prompt).toBe('changed');
    expect(importShortcuts([], 'not json')).toMatchObject({ ok: false, error: { code: 'bad_file' } });
    expect(importShortcuts([], '{"kind":"other"}')).toMatchObject({ ok: false, error: { code: 'bad_file' } });
  });
});
