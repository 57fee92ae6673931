/**
 * What `list_tabs` may tell the model about tabs. Other tabs belong to the user's other work (mail, a
 * bank, an OAuth redirect): their full URLs carry reset tokens and codes in query strings, and a
 * hijacked model could read them and carry them to an attacker. So other tabs show only their origin;
 * their capped title only when they are on a site the task's own tabs are on (data the task may read
 * anyway). A title is page data too: a mail subject ("Your reset code is …") in another site's tab
 * could be typed into the task's page, whose scripts send it anywhere (red-team case
 * `list-tabs-title-typed`). The task's own tabs (where it started, and those it opened with new_tab)
 * show their URL without query or fragment, and the one it acts on now is marked `acting`.
 */
import { capPageText, TITLE_MAX, URL_MAX } from '../../shared/fence';
import { sanitizeUrl } from '../../shared/url-sanitize';

/** The tab's URL parsed; null for a tab without one (still loading) or one the URL parser refuses. */
function parsed(url: string | undefined): URL | null {
  if (!url) return null;
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

/** `https://mail.example`; for non-web schemes only the scheme (and host when there is one). */
export function tabOrigin(url: string | undefined): string {
  const u = parsed(url);
  if (!u) return 'unknown';
  if (u.protocol === 'http:' || u.protocol === 'https:') return u.origin;
  // file: paths name the user's files, data: and blob: carry content: the scheme is enough.
  return u.host !== '' && u.protocol !== 'file:' ? `${u.protocol}//${u.host}` : u.protocol;
}

/** The task's own tab: the sanitized URL (shared/url-sanitize.ts: `?…` / `#…` for a query or fragment, `:id` for id-shaped path parts). */
export function elidedUrl(url: string | undefined): string {
  const u = parsed(url);
  if (!u || !url) return 'unknown';
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return tabOrigin(url);
  return capPageText(sanitizeUrl(url), URL_MAX);
}

/** The web origins of the task's own tabs, for `listedTab`'s `taskOrigins`. */
export function originsOf(tabs: readonly TabFacts[], own: readonly number[]): string[] {
  const out = new Set<string>();
  for (const t of tabs) if (t.id !== undefined && own.includes(t.id)) out.add(tabOrigin(t.url));
  return [...out].filter((o) => /^https?:/.test(o));
}

export interface TabFacts {
  id?: number;
  url?: string;
  title?: string;
  active: boolean;
}

export type ListedTab =
  | { id: number | undefined; title: string; url: string; active: boolean; yours: true; acting?: true }
  | { id: number | undefined; title?: string; origin: string; active: boolean; yours: false };

/**
 * `own`: the task's tabs; `acting`: the one its tools act on (the first of `own` when omitted);
 * `taskOrigins`: the origins of the task's own tabs, where other tabs may show their title.
 */
export function listedTab(
  t: TabFacts,
  own: number | readonly number[],
  acting?: number,
  taskOrigins: readonly string[] = [],
): ListedTab {
  const title = capPageText(t.title ?? '', TITLE_MAX);
  const mine = typeof own === 'number' ? [own] : own;
  if (t.id === undefined || !mine.includes(t.id)) {
    const origin = tabOrigin(t.url);
    const sameSite = /^https?:/.test(origin) && taskOrigins.includes(origin);
    return { id: t.id, ...(sameSite ? { title } : {}), origin, active: t.active, yours: false };
  }
  const here = t.id === (acting ?? mine[0]) && mine.length > 1 ? { acting: true as const } : {};
  return { id: t.id, title, url: elidedUrl(t.url), active: t.active, yours: true, ...here };
}
