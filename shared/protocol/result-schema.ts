import * as z from 'zod/mini';
import type { Result } from '../result';

const ErrorInfoSchema = z.object({ code: z.string(), message: z.string() });

/** Validates a reply that crossed a process boundary, so a broken peer cannot smuggle in a wrong shape. */
const ResultSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), data: z.unknown() }),
  z.object({ ok: z.literal(false), error: ErrorInfoSchema }),
]);

export function parseResult(raw: unknown): Result<unknown> {
  const parsed = ResultSchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const first = parsed.error.issues[0];
  return {
    ok: false,
    error: {
      code: 'bad_reply',
      message:
        raw === undefined
          ? 'the other side sent no reply (it may have been reloaded); retry'
          : `malformed reply from the other side: ${first ? `${first.path.join('.') || 'reply'}: ${first.message}` : 'unknown shape'}`,
    },
  };
}
