import { z as classic } from 'zod';
import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { err, ok } from '../shared/result';
import { checkReply } from './page-call';

const Mini = z.object({ n: z.number() });
const Classic = classic.object({ n: classic.number() });

describe('checkReply', () => {
  it('returns a fitting reply typed by either zod flavour', () => {
    expect(checkReply(ok({ n: 1 }), Mini, 'x')).toEqual({ ok: true, data: { n: 1 } });
    expect(checkReply(ok({ n: 2 }), Classic, 'x')).toEqual({ ok: true, data: { n: 2 } });
  });

  it('passes a page error through unchanged', () => {
    const e = err('timeout', 'the page did not answer');
    expect(checkReply(e, Mini, 'x')).toBe(e);
  });

  it('names what was malformed and where, and says what to do next', () => {
    const r = checkReply(ok({ n: 'one' }), Mini, 'find result');
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.code).toBe('bad_reply');
    expect(r.error.message).toMatch(/^the page returned a malformed find result \(n: .+\); re-read the page/);
  });

  it('names the whole reply when it is not an object at all', () => {
    const r = checkReply(ok('nope'), Classic, 'tree');
    expect(!r.ok && r.error.message).toMatch(/\(reply: /);
  });
});
