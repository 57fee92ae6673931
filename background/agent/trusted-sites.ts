import * as z from 'zod/mini';

const KEY = 'wb.trusted-sites';
const ListSchema = z.array(z.string());

/**
 * Origins the user trusted for this browser session ("don't ask again on this site"). Kept in
 * chrome.storage.session so it ends with the browser session and survives worker restarts.
 */
export async function trustedSites(): Promise<string[]> {
  const raw: Record<string, unknown> = await chrome.storage.session.get(KEY);
  const parsed = ListSchema.safeParse(raw[KEY]);
  return parsed.success ? parsed.data : [];
}

export async function isTrusted(origin: string): Promise<boolean> {
  return (await trustedSites()).includes(origin);
}

export async function trustSite(origin: string): Promise<void> {
  const list = await trustedSites();
  if (!list.includes(origin)) await chrome.storage.session.set({ [KEY]: [...list, origin] });
}

export function originOf(url: string | undefined): string {
  try {
    return url ? new URL(url).origin : 'unknown';
  } catch {
    return 'unknown';
  }
}
