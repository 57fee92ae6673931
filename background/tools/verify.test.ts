/** The worker's verify/wait_for schemas (classic zod, for the model) and the page's (zod/mini) agree. */
import { describe, expect, it } from 'vitest';
import { parseVerifyArgs } from '../../shared/tools/reads';
import { VerifyArgsSchema } from './verify';
import { WaitForArgsSchema } from './wait';

const SAMPLES: unknown[] = [
  { check: 'visible', selector: '#a' },
  { check: 'visible', ref_id: 'ref_3' },
  { check: 'visible' },
  { check: 'text', selector: '#a' },
  { check: 'text', selector: '#a', text: 'x', exact: true },
  { check: 'value', ref_id: 'ref_1', value: '' },
  { check: 'value', ref_id: 'ref_1' },
  { check: 'count', n: 2 },
  { check: 'count', selector: 'li', n: 2 },
  { check: 'count', text: 'x', n: 0, ref_id: 'ref_4' },
  { check: 'count', selector: 'li', n: -1 },
  { check: 'attribute', selector: 'b', attr: 'aria-pressed' },
  { check: 'attribute', selector: 'b' },
  { check: 'bogus', selector: 'b' },
  { check: 'text', selector: '#a', text: 'x', extra: 1 },
];

describe('verify argument schemas', () => {
  it.each(SAMPLES)('worker and page agree on %j', (sample) => {
    const page = parseVerifyArgs(sample).ok;
    expect(VerifyArgsSchema.safeParse(sample).success).toBe(page);
    // The page never sees a frame-qualified ref: the worker routes it and passes the local ref.
    expect(WaitForArgsSchema.safeParse({ ...(sample as object), timeoutMs: 100 }).success).toBe(page);
  });
  it('wait_for caps its timeout at 15 s', () => {
    expect(WaitForArgsSchema.safeParse({ check: 'visible', selector: '#a', timeoutMs: 15_001 }).success).toBe(false);
  });
});
