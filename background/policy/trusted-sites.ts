import * as z from 'zod/mini';
import type { ActionKind } from './approval-rules';

const KEY = 'wb.trust-grants';

/**
 * "Don't ask again" grants. Each is one origin (the origin of the frame the element is in, not the
 * top tab's) and one action kind, for one task or until a time the user chose. Kept in
 * chrome.storage.session so a worker restart keeps them and the browser session ending drops them.
 */
const GrantSchema = z.object({
  origin: z.string(),
  kind: z.string(),
  taskId: z.optional(z.string()),
  until: z.optional(z.number()),
});
export type TrustGrant = z.infer<typeof GrantSchema>;
const ListSchema = z.array(GrantSchema);

export type TrustScope = 'task' | 'hour';
export const HOUR_MS = 60 * 60_000;

/** Kinds that can never be trusted: each execute_js call is approved on its own. */
const NEVER_TRUSTED: ReadonlySet<ActionKind> = new Set(['execute_js', 'other']);

/** Opaque (sandboxed, data:) and unknown origins name no site a person could choose to trust. */
function isTrustableOrigin(origin: string): boolean {
  if (origin === 'null' || origin === 'unknown' || origin === '') return false;
  try {
    const u = new URL(origin);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.origin === origin;
  } catch {
    return false;
  }
}

export function canTrust(origin: string, kind: ActionKind): boolean {
  return isTrustableOrigin(origin) && !NEVER_TRUSTED.has(kind);
}

/** Pure: whether a grant covers this task, origin and kind at `now`. */
export function grantCovers(g: TrustGrant, taskId: string, origin: string, kind: ActionKind, now: number): boolean {
  if (g.origin !== origin || g.kind !== kind || !canTrust(origin, kind)) return false;
  if (g.until !== undefined) return now < g.until;
  return g.taskId === taskId;
}

async function grants(): Promise<TrustGrant[]> {
  const raw: Record<string, unknown> = await chrome.storage.session.get(KEY);
  const parsed = ListSchema.safeParse(raw[KEY]);
  return parsed.success ? parsed.data : [];
}

export async function isTrusted(taskId: string, origin: string, kind: ActionKind): Promise<boolean> {
  const now = Date.now();
  return (await grants()).some((g) => grantCovers(g, taskId, origin, kind, now));
}

export async function trustSite(
  taskId: string,
  origin: string,
  kind: ActionKind,
  scope: TrustScope,
  now = Date.now(),
): Promise<boolean> {
  if (!canTrust(origin, kind)) return false;
  const grant: TrustGrant = scope === 'hour' ? { origin, kind, until: now + HOUR_MS } : { origin, kind, taskId };
  // Expired grants are dropped while we are here.
  const kept = (await grants()).filter((g) => g.until === undefined || g.until > now);
  await chrome.storage.session.set({ [KEY]: [...kept, grant] });
  return true;
}

/** Task-scoped grants end with their task. */
export async function forgetTaskTrust(taskId: string): Promise<void> {
  const list = await grants();
  const kept = list.filter((g) => g.taskId !== taskId);
  if (kept.length !== list.length) await chrome.storage.session.set({ [KEY]: kept });
}

/** A task's own grants for some sites end early: the user took back the tab they were given for (tab-picker.ts). */
export async function forgetTaskTrustFor(taskId: string, origins: readonly string[]): Promise<void> {
  const list = await grants();
  const kept = list.filter((g) => g.taskId !== taskId || !origins.includes(g.origin));
  if (kept.length !== list.length) await chrome.storage.session.set({ [KEY]: kept });
}

export function originOf(url: string | undefined): string {
  try {
    return url ? new URL(url).origin : 'unknown';
  } catch {
    return 'unknown';
  }
}
