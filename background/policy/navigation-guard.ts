/**
 * The network backstop of the task's origin policy (origin-policy.ts). The gate sees navigations the
 * markup announces (a link's href, a form's action); a page's script can still navigate on its own
 * when the agent clicks (window.open, `location =`, a delayed redirect). While a task runs, a
 * declarativeNetRequest session rule blocks top-level loads that the task's pages initiate to any
 * origin the task may not touch. Loads the browser starts itself (the approved `navigate` tool uses
 * chrome.tabs.update) carry no initiator, so `initiatorDomains` never matches them.
 *
 * Only `main_frame` is blocked: a top-level load hands the agent's tab (and what it reads next) to
 * the other origin. A page can always send its own data with fetch or an image, and blocking frames
 * it embeds would break ordinary pages (widgets, payment frames) without protecting anything more.
 *
 * A task may have several tabs (new_tab, background/agent/task/task-tabs.ts): the guard watches all of
 * them. The hosts of the frames in those tabs count as the task's hosts too: a cross-origin frame's
 * script (an embedded widget the agent typed the page's data into) starts top-level loads as well,
 * with the frame as initiator (red-team case `frame-popup-exfil`). The tab rule covers every tab
 * except those known not to be the task's (nav-rules.ts), so a tab a task page opens is covered
 * from its first request whoever its initiator is (`nav-opaque-popup`: a sandboxed frame's
 * popup); the user's own new tabs are told apart at their first load and excluded
 * (background/policy/user-tabs.ts). Tabs the agent opens itself (new_tab) are adopted blank before
 * they load, so they are the task's from their first request.
 */
import { quotePageText } from '../../shared/fence';
import type { OriginState } from './origin-policy';
import { isUserTab } from './user-tabs';
import { httpHost, loadStore, replaceRules, saveStore, serial, storedState } from './nav-guard-store';
import { taskTabIds, type TaskTabs } from '../agent/task/task-tabs-state';
import { endTopLoad, forgetSettle, noteTopLoad, settleTab, trackGuardWork } from './nav-settle';

const URL_CAP = 200;

function warn(what: string, e: unknown): void {
  console.warn(`Weaverbird: navigation guard could not ${what}:`, e instanceof Error ? e.message : String(e));
}

/** Installs or refreshes the task's rules (task start, each time its allowed origins or its tabs change). */
export function onOriginsChanged(rec: {
  taskId: string;
  tabId: number;
  origins?: OriginState;
  tabs?: TaskTabs;
}): Promise<void> {
  if (!rec.origins) return Promise.resolve();
  const state = rec.origins;
  const tabIds = taskTabIds(rec.tabId, rec.tabs);
  return serial(() => replaceRules(rec.taskId, tabIds, state)).catch((e: unknown) => warn('install rules', e));
}

/**
 * Tabs of tasks that just ended, with their allowed origins, for a while: a load the rules blocked
 * while the task ran reports its error (webNavigation.onErrorOccurred) after the task may have ended
 * (its last action was the click that started it), and the tab must still be taken back rather than
 * left on the error page (red-team `nav-redirect-303-link` in a full run).
 */
const ended = new Map<number, { origins: string[]; until: number }>();
const ENDED_MS = 5_000;

export function stopNavigationGuard(taskId: string): Promise<void> {
  return serial(async () => {
    const entry = (await loadStore())[taskId];
    const until = Date.now() + ENDED_MS;
    for (const tabId of entry?.tabIds ?? []) ended.set(tabId, { origins: entry?.origins ?? [], until });
    await replaceRules(taskId, [], null);
  }).catch((e: unknown) => warn('remove rules', e));
}

/** The allowed origins of the task that owns (or, for ENDED_MS, owned) the tab. */
async function ownerOf(tabId: number): Promise<{ taskId: string | null; origins: string[] } | null> {
  const store = await loadStore();
  const live = Object.entries(store).find(([, e]) => e.tabIds.includes(tabId));
  if (live) return { taskId: live[0], origins: live[1].origins };
  const recent = ended.get(tabId);
  if (recent && recent.until > Date.now()) return { taskId: null, origins: recent.origins };
  ended.delete(tabId);
  return null;
}

/** At worker start: rules of tasks that no longer exist would block the user's own browsing. */
export function pruneNavigationGuards(liveTaskIds: readonly string[]): Promise<void> {
  return serial(async () => {
    const store = await loadStore();
    const live = new Set(liveTaskIds);
    const dead = Object.keys(store).filter((t) => !live.has(t));
    const known = new Set(Object.values(store).flatMap((e) => e.ruleIds));
    // Rules no entry owns (the store write was lost) are stale as well.
    const orphans = (await chrome.declarativeNetRequest.getSessionRules())
      .map((r) => r.id)
      .filter((id) => !known.has(id));
    const removeRuleIds = [...dead.flatMap((t) => store[t]?.ruleIds ?? []), ...orphans];
    if (removeRuleIds.length) await chrome.declarativeNetRequest.updateSessionRules({ removeRuleIds });
    await saveStore(Object.fromEntries(Object.entries(store).filter(([t]) => live.has(t))));
  }).catch((e: unknown) => warn('clear stale rules', e));
}

/** Blocked navigations to tell the model, once, in its next tool result (outside the fence). */
export function takeNavigationNotes(taskId: string): Promise<string[]> {
  return serial(async () => {
    const store = await loadStore();
    const entry = store[taskId];
    if (!entry || entry.notes.length === 0) return [];
    const notes = entry.notes;
    entry.notes = [];
    await saveStore(store);
    return notes;
  }).catch(() => []);
}

function originForNote(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
}

async function addNote(taskId: string, url: string): Promise<void> {
  const note = `NOTE: the page tried to open ${quotePageText(originForNote(url), URL_CAP)} (not allowed for this task); blocked. Nothing was sent to it (a redirect, a script or a history step took the tab there). Use navigate to ask the user if needed.`;
  await serial(async () => {
    const s = await loadStore();
    const e = s[taskId];
    if (!e) return;
    e.notes = [...e.notes, note].slice(-5);
    await saveStore(s);
  });
}

function allowedBy(origins: readonly string[], url: string): boolean {
  try {
    const u = new URL(url);
    // Not http(s) (about:blank a script fills in, blob:): no request leaves for another origin.
    return (u.protocol !== 'http:' && u.protocol !== 'https:') || origins.includes(u.origin);
  } catch {
    return true;
  }
}

/** Tabs a task's page opened to a blocked origin, closed once their blocked load has ended. */
const doomed = new Map<number, string>();
/**
 * New tabs whose blocked load ended before onNewTarget (which awaits the store) marked them doomed:
 * under load the error event can win that race, and the tab would then wait for the 3 s fallback.
 */
const blockedEarly = new Set<number>();

/**
 * A page of the task opened a tab (window.open, target=_blank) to an origin the task may not
 * touch: the rule blocks its load, and the tab is closed once the error page is up (closing it
 * while Chrome is still creating it can leave the opener's click waiting).
 */
async function onNewTarget(d: chrome.webNavigation.WebNavigationSourceCallbackDetails): Promise<void> {
  const store = await loadStore();
  const owner = Object.entries(store).find(([, e]) => e.tabIds.includes(d.sourceTabId));
  // A tab the task itself adopted is not page-opened (defensive: new_tab creates tabs without an opener page).
  if (!owner || owner[1].tabIds.includes(d.tabId) || allowedBy(owner[1].origins, d.url)) return;
  doomed.set(d.tabId, owner[0]);
  if (blockedEarly.delete(d.tabId)) await closeDoomed(d.tabId);
  await addNote(owner[0], d.url);
  // In case no error event comes (the load was cancelled another way).
  setTimeout(() => void closeDoomed(d.tabId), 3000);
}

async function closeDoomed(tabId: number): Promise<void> {
  if (!doomed.delete(tabId)) return;
  await chrome.tabs.remove(tabId).catch(() => undefined);
}

/** The source tab of each page-opened tab (onCreatedNavigationTarget), recorded as the event comes. */
const openedFrom = new Map<number, number>();
/** Tabs created while the worker ran whose owner is not decided yet (at their first top-frame load). */
const undecided = new Set<number>();
/** New tabs of the user whose first load the rules may have blocked before they were excluded. */
const userTabs = new Set<number>();
/** Decisions under way (the exclusion is a rule update): a blocked first load waits for its tab's. */
const deciding = new Map<number, Promise<void>>();

/**
 * A new tab starts its first top-frame load: whether a page opened it is known now (user-tabs.ts),
 * and the user's own is excluded from every running task's rules.
 */
function decideNewTab(tabId: number): Promise<void> {
  const source = openedFrom.get(tabId);
  return serial(async () => {
    for (const [taskId, e] of Object.entries(await loadStore())) {
      if (!isUserTab(source, e.tabIds) || e.tabIds.includes(tabId) || e.excludedTabIds.includes(tabId)) continue;
      userTabs.add(tabId);
      await replaceRules(taskId, e.tabIds, storedState(e.origins), [tabId]);
    }
  });
}

/**
 * The user's new tab lost the race: its first load was blocked before the tab was excluded. Now
 * that it is, the same URL is loaded again (once; a tab a task's page opened is never excluded).
 */
async function reloadIfUserTab(tabId: number, url: string): Promise<boolean> {
  await deciding.get(tabId);
  if (!userTabs.delete(tabId)) return false;
  // A tab the task adopted since (new_tab) is the task's: its blocked load stays blocked.
  const entries = Object.values(await loadStore());
  if (entries.some((e) => e.tabIds.includes(tabId)) || !entries.some((e) => e.excludedTabIds.includes(tabId)))
    return false;
  await chrome.tabs.update(tabId, { url }).catch(() => undefined);
  return true;
}

/** The last URL of an allowed origin each task tab committed: where a refused landing returns to. */
const lastAllowed = new Map<number, string>();
/** Tabs whose next history commit the user approved without its address (gate.ts guardHistory). */
const expectedSteps = new Map<number, number>();
const EXPECT_MS = 20_000;

/** The user approved a history step whose address is unknown: its commit is the task's to judge. */
export function expectHistoryStep(tabId: number): void {
  expectedSteps.set(tabId, Date.now() + EXPECT_MS);
}

/** Recent restores per tab and blocked URL: a page that keeps redirecting (a meta refresh) is left on the error page. */
const restores = new Map<string, number[]>();
const RESTORE_WINDOW_MS = 10_000;
const MAX_RESTORES = 2;

function mayRestore(tabId: number, url: string): boolean {
  const key = `${tabId} ${url}`;
  const now = Date.now();
  const recent = (restores.get(key) ?? []).filter((t) => now - t < RESTORE_WINDOW_MS);
  restores.set(key, [...recent, now]);
  for (const [k, times] of restores) if (times.every((t) => now - t >= RESTORE_WINDOW_MS)) restores.delete(k);
  return recent.length < MAX_RESTORES;
}

/**
 * The URL of the error page the tab shows for a load its task may not reach, which the guard is
 * about to take back (null when it shows none, or when the guard will not: a tool drives the load,
 * or the page kept redirecting).
 */
async function blockedUrl(tabId: number): Promise<string | null> {
  const frame = await chrome.webNavigation.getFrame({ tabId, frameId: 0 }).catch(() => null);
  if (!frame?.errorOccurred || held.has(tabId)) return null;
  const owner = await ownerOf(tabId);
  if (!owner || allowedBy(owner.origins, frame.url)) return null;
  const recent = (restores.get(`${tabId} ${frame.url}`) ?? []).filter((t) => Date.now() - t < RESTORE_WINDOW_MS);
  return recent.length < MAX_RESTORES ? frame.url : null;
}

/**
 * Before the agent's next call on `tabId`: waits (up to 3 s) until the guard has taken the tab back
 * from a blocked load and told the model (nav-settle.ts says why).
 */
export function settleNavigation(tabId: number, signal?: AbortSignal): Promise<void> {
  return settleTab(tabId, blockedUrl, signal).catch((e: unknown) => warn('wait for a restore', e));
}

/** Top-frame commits per tab: a restore decided before a newer commit (the agent moved on) is dropped. */
const commits = new Map<number, number>();
/** Tabs whose load a tool is driving: the tool judges what it reached and restores the tab itself. */
const held = new Map<number, number>();

/**
 * Runs a tool's load of `tabId` (navigate, new_tab, a PDF link) with the guard's own restore held
 * off: the tool waits for the load, judges what committed and goes back itself, so two restores
 * never race each other or the agent's next call.
 */
export async function toolLoad<T>(tabId: number, load: () => Promise<T>): Promise<T> {
  held.set(tabId, (held.get(tabId) ?? 0) + 1);
  try {
    return await load();
  } finally {
    const n = (held.get(tabId) ?? 1) - 1;
    if (n > 0) held.set(tabId, n);
    else held.delete(tabId);
  }
}

/**
 * Takes the tab back after a refused landing. A blocked load goes one step back (its error page is
 * the newest entry). A history step restored from the back/forward cache returns to the last allowed
 * page the tab showed (one step back or forward: which one is not known), else one step back.
 */
async function restore(
  tabId: number,
  url: string,
  origins: readonly string[],
  to: 'back' | 'last',
  seq: number,
): Promise<void> {
  if (held.has(tabId) || (commits.get(tabId) ?? 0) !== seq || !mayRestore(tabId, url)) return;
  const last = lastAllowed.get(tabId);
  if (to === 'last' && last && allowedBy(origins, last))
    await chrome.tabs.update(tabId, { url: last }).catch(() => undefined);
  else await chrome.tabs.goBack(tabId).catch(() => undefined);
}

/**
 * A blocked load leaves an error page (net::ERR_BLOCKED_BY_CLIENT). A tab the task's page opened
 * is closed; the task's own tab goes back to the last allowed page it showed (a redirect hop, a
 * history step into an uncached entry of another origin).
 */
async function onBlocked(d: chrome.webNavigation.WebNavigationFramedErrorCallbackDetails): Promise<void> {
  if (d.frameId !== 0 || d.error !== 'net::ERR_BLOCKED_BY_CLIENT') return;
  const seq = commits.get(d.tabId) ?? 0;
  if (await reloadIfUserTab(d.tabId, d.url)) return;
  if (doomed.has(d.tabId)) {
    await closeDoomed(d.tabId);
    return;
  }
  blockedEarly.add(d.tabId);
  setTimeout(() => blockedEarly.delete(d.tabId), 5000);
  const owner = await ownerOf(d.tabId);
  if (!owner || allowedBy(owner.origins, d.url)) return;
  blockedEarly.delete(d.tabId);
  await restore(d.tabId, d.url, owner.origins, 'back', seq);
  if (owner.taskId) await addNote(owner.taskId, d.url);
}

/**
 * What actually committed in a task tab's top frame. Loads to other origins never commit (the rules
 * block them before a request leaves); a history step restored from the back/forward cache sends no
 * request at all, so a page's own history.back() into the user's previous site (a mailbox) commits
 * here, and the tab is taken back to its last allowed page before the agent reads it.
 */
async function onTopCommitted(d: chrome.webNavigation.WebNavigationTransitionCallbackDetails): Promise<void> {
  const store = await loadStore();
  const owner = Object.entries(store).find(([, e]) => e.tabIds.includes(d.tabId));
  if (!owner) return;
  const seq = commits.get(d.tabId) ?? 0;
  if (allowedBy(owner[1].origins, d.url)) {
    // Only an allowed commit means the tab moved on: an error page's own commit must not cancel
    // the restore its blocked load asked for.
    commits.set(d.tabId, seq + 1);
    if (/^https?:/.test(d.url)) lastAllowed.set(d.tabId, d.url);
    return;
  }
  if ((expectedSteps.get(d.tabId) ?? 0) > Date.now()) {
    expectedSteps.delete(d.tabId);
    return;
  }
  await restore(d.tabId, d.url, owner[1].origins, 'last', seq);
  await addNote(owner[0], d.url);
}

/** A frame of another host committed in a task's tab after the rules were built: cover it too. */
async function onFrameCommitted(d: chrome.webNavigation.WebNavigationTransitionCallbackDetails): Promise<void> {
  const host = d.frameId === 0 ? null : httpHost(d.url);
  if (!host) return;
  // Most frames are in tabs of no task: no queueing behind rule updates for them.
  if (!Object.values(await loadStore()).some((e) => e.tabIds.includes(d.tabId))) return;
  await serial(async () => {
    const store = await loadStore();
    const owner = Object.entries(store).find(([, e]) => e.tabIds.includes(d.tabId));
    if (!owner || owner[1].frameHosts.includes(host)) return;
    const [taskId, entry] = owner;
    // The same rules, one host more.
    await replaceRules(taskId, entry.tabIds, storedState(entry.origins));
  });
}

/** Called at the worker's top level (MV3: listeners must be registered synchronously). */
export function registerNavigationGuard(): void {
  chrome.webNavigation.onErrorOccurred.addListener((d) => {
    const work = onBlocked(d).catch((e: unknown) => warn('handle a blocked load', e));
    if (d.frameId !== 0) return;
    // The guard's work is tracked before the load counts as ended: a waiting call sees one or the other.
    trackGuardWork(d.tabId, work);
    endTopLoad(d.tabId);
  });
  chrome.webNavigation.onCreatedNavigationTarget.addListener((d) => {
    openedFrom.set(d.tabId, d.sourceTabId);
    onNewTarget(d).catch((e: unknown) => warn('close a blocked tab', e));
  });
  chrome.webNavigation.onCommitted.addListener((d) => {
    if (d.frameId === 0) {
      trackGuardWork(
        d.tabId,
        onTopCommitted(d).catch((e: unknown) => warn('judge a commit', e)),
      );
      endTopLoad(d.tabId);
    } else onFrameCommitted(d).catch((e: unknown) => warn('cover a new frame', e));
  });
  chrome.tabs.onCreated.addListener((tab) => {
    if (tab.id !== undefined) undecided.add(tab.id);
  });
  chrome.webNavigation.onBeforeNavigate.addListener((d) => {
    if (d.frameId !== 0) return;
    // A load a tool drives is that tool's to wait for (toolLoad); one the page started, the next call's.
    if (!held.has(d.tabId)) noteTopLoad(d.tabId);
    if (!undecided.delete(d.tabId)) return;
    const done = decideNewTab(d.tabId)
      .catch((e: unknown) => warn('exclude a tab of the user', e))
      .finally(() => deciding.delete(d.tabId));
    deciding.set(d.tabId, done);
  });
  chrome.tabs.onRemoved.addListener((tabId) => {
    openedFrom.delete(tabId);
    undecided.delete(tabId);
    userTabs.delete(tabId);
    lastAllowed.delete(tabId);
    ended.delete(tabId);
    expectedSteps.delete(tabId);
    commits.delete(tabId);
    forgetSettle(tabId);
  });
}
