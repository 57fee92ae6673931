/** The one reply shape across every boundary: expected failures are values, bugs throw. */
export type ErrorInfo = { code: string; message: string };
export type Ok<T> = { ok: true; data: T };
export type Err = { ok: false; error: ErrorInfo };
export type Result<T> = Ok<T> | Err;

export const ok = <T>(data: T): Ok<T> => ({ ok: true, data });
export const err = (code: string, message: string): Err => ({ ok: false, error: { code, message } });

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Turns anything thrown into a message that never leaks a stack into the model's context. */
export function errorMessage(e: unknown): string {
  if (e instanceof Error) return e.message;
  if (typeof e === 'string') return e;
  return String(e);
}
