import { describe, expect, it } from 'vitest';
import type { ZodMiniType } from 'zod/mini';
import { z } from 'zod';
import * as mini from '../../../shared/tools/actions';
import * as classic from './schemas';
import { UploadArgsSchema } from '../../../shared/tools/upload';

// The model-facing schemas (the page's own shapes over frame-qualified refs; upload_file's in classic
// zod) and the page-side ones must accept and reject the same plain-ref inputs.
const pairs: [string, z.core.$ZodType, ZodMiniType][] = [
  ['click', classic.ClickArgs, mini.ClickArgsSchema],
  ['type', classic.TypeArgs, mini.TypeArgsSchema],
  ['focus_type', classic.FocusTypeArgs, mini.FocusTypeArgsSchema],
  ['select', classic.SelectArgs, mini.SelectArgsSchema],
  ['press_key', classic.PressKeyArgs, mini.PressKeyArgsSchema],
  ['hover', classic.HoverArgs, mini.HoverArgsSchema],
  ['scroll', classic.ScrollArgs, mini.ScrollArgsSchema],
  ['drag', classic.DragArgs, mini.DragArgsSchema],
  ['upload_file', classic.UploadArgs, UploadArgsSchema],
];

const samples: unknown[] = [
  {},
  { ref_id: 'ref_1' },
  { ref_id: 'ref_0' },
  { ref_id: 'ref_12', extra: 1 },
  { ref_id: 'button' },
  { ref_id: 'ref_3', text: 'hi' },
  { ref_id: 'ref_3', text: 'hi', clear: false },
  { ref_id: 'ref_3', text: 'hi', clear: 'no' },
  { ref_id: 'ref_3', text: 'x'.repeat(mini.MAX_TYPE_CHARS + 1) },
  { ref_id: 'ref_3', text: 'hi', submit: true },
  { ref_id: 'ref_3', value: 'a' },
  { ref_id: 'ref_3', label: 'A' },
  { ref_id: 'ref_3', value: 'a', label: 'A' },
  { ref_id: 'ref_1', button: 'right' },
  { ref_id: 'ref_1', button: 'back' },
  { ref_id: 'ref_1', clickCount: 2, modifiers: ['Shift', 'Control'] },
  { ref_id: 'ref_1', clickCount: 4 },
  { ref_id: 'ref_1', modifiers: ['Hyper'] },
  { ref_id: 'ref_1', modifiers: ['Shift', 'Shift', 'Shift', 'Shift', 'Shift'] },
  { ref_id: 'ref_1', to_ref_id: 'ref_2' },
  { ref_id: 'ref_1', to_ref_id: 'ref_2', position: 'before' },
  { ref_id: 'ref_1', to_ref_id: 'ref_2', position: 'under' },
  { ref_id: 'ref_1', to: { x: 10, y: 20.5 } },
  { ref_id: 'ref_1', to: { x: -1, y: 20 } },
  { ref_id: 'ref_1', to: { x: 1, y: 2 }, to_ref_id: 'ref_2' },
  { key: 'Enter' },
  { key: '' },
  { key: 'Tab', ref_id: 'ref_2' },
  { direction: 'down' },
  { direction: 'down', amount: 300 },
  { direction: 'sideways' },
  { direction: 'up', amount: 0 },
  { ref_id: 'ref_9', direction: 'left', amount: 12.5 },
  { ref_id: 'ref_3', files: [] },
  { ref_id: 'ref_3', files: [{ name: 'a.txt', text: 'hi' }] },
  { ref_id: 'ref_3', files: [{ name: 'a.txt', text: 'hi', base64: 'aGk=' }] },
  { ref_id: 'ref_3', files: [{ name: 'a.bin', base64: 'aGk=', mimeType: 'application/octet-stream' }] },
  { ref_id: 'ref_3', files: [{ name: 'a.bin', base64: 'not base64!' }] },
  { ref_id: 'ref_3', files: [{ name: '../etc/passwd', text: 'x' }] },
  { ref_id: 'ref_3', files: [{ name: 'a.txt', text: 'x', mimeType: 'nope' }] },
  { ref_id: 'ref_3', files: Array.from({ length: 6 }, (_, i) => ({ name: `f${i}.txt`, text: 'x' })) },
  null,
  'ref_1',
];

describe("action argument schemas: the model's and the page's agree", () => {
  for (const [name, c, m] of pairs) {
    it(name, () => {
      for (const s of samples) {
        expect(m.safeParse(s).success, `${name} ${JSON.stringify(s)?.slice(0, 60)}`).toBe(z.safeParse(c, s).success);
      }
    });
  }
});
