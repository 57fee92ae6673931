/**
 * The tab picker of an MCP session (docs/mcp.md "Tabs"): a session acts in the tab that was active when
 * its client connected and in the tabs it opened; any other tab only once the user ticks it in the
 * "Driven by" banner of the session's panel. The picks live in the task record (`tabs.granted`,
 * chrome.storage.session with the rest of the task), and only the panel can make them: the panel's
 * requests come from the extension's own pages (service-worker.ts checks the sender), while the MCP
 * client can only send `hello`, `list` and `call` (the host drops anything else, mcp/lib/host.mjs).
 */
import { err, ok, type Result } from '../../shared/result';
import type { McpTabChoice } from '../../shared/protocol/panel';
import { cut } from '../../shared/text';
import type { TaskRecord } from '../agent/task/state-store';
import { runningTask } from '../agent/task/task-running';
import { actingTab, ensureTaskTabs, grantTab, taskTabsApi } from '../agent/task/task-tabs';
import { sitesToWithdraw, taskTabIds } from '../agent/task/task-tabs-state';
import { approveOrigin } from '../policy/origin-policy';
import { withdrawSites } from '../policy/withdraw-sites';
import { originOf } from '../policy/trusted-sites';

function roleOf(rec: TaskRecord, tabId: number): McpTabChoice['role'] {
  if (tabId === rec.tabId) return 'start';
  if (rec.tabs?.opened.includes(tabId)) return 'opened';
  return rec.tabs?.granted?.includes(tabId) ? 'granted' : 'none';
}

/** The tabs of the session's window, each with whether the session may use it (for the panel only). */
export async function tabChoices(rec: TaskRecord): Promise<McpTabChoice[]> {
  const start = await chrome.tabs.get(rec.tabId).catch(() => null);
  const tabs = start ? await chrome.tabs.query({ windowId: start.windowId }) : [];
  const choices: McpTabChoice[] = [];
  for (const t of tabs) {
    if (t.id === undefined) continue;
    const role = roleOf(rec, t.id);
    // A tab with a task of its own running is that task's; two agents in one page would trip over each other.
    const busy = role === 'none' && runningTask(t.id) !== null;
    choices.push({
      tabId: t.id,
      title: cut(t.title ?? '', 80),
      url: cut(t.url ?? '', 120),
      role,
      ...(busy ? { busy } : {}),
    });
  }
  return choices;
}

/** The user ticks or unticks a tab in the panel. */
export async function pickTab(rec: TaskRecord, tabId: number, allowed: boolean): Promise<Result<McpTabChoice[]>> {
  const role = roleOf(rec, tabId);
  if (role === 'start' || role === 'opened')
    return err('own_tab', `tab ${tabId} is already this session's (it ${role === 'start' ? 'started' : 'opened it'})`);
  const tab = await chrome.tabs.get(tabId).catch(() => null);
  if (allowed) {
    if (!tab) return err('bad_tab', `tab ${tabId} is closed`);
    if (runningTask(tabId) !== null)
      return err('busy_tab', `tab ${tabId} has a Weaverbird task of its own running; stop it first`);
    // Ticking a tab approves its site for the session, as a yes to that site's prompt would: the
    // navigation guard covers the tab now, and must not block the page's own links there.
    if (/^https?:/i.test(tab.url ?? '')) await approvePicked(rec, tabId, originOf(tab.url));
  } else if (role === 'granted') await withdrawPicked(rec, tabId, tab?.url);
  await grantTab(rec, tabId, allowed);
  return ok(await tabChoices(rec));
}

async function approvePicked(rec: TaskRecord, tabId: number, site: string): Promise<void> {
  if (!rec.origins) return;
  const tabs = await ensureTaskTabs(rec);
  const already = site === rec.origins.start || rec.origins.approved.includes(site);
  rec.origins = approveOrigin(rec.origins, site);
  // Remembered only when the tick approved it: an untick takes back what the tick gave (withdrawPicked).
  if (!already) tabs.pickedSites = [...(tabs.pickedSites ?? []), [tabId, site]];
}

/**
 * Unticking takes back what the tick granted (docs/mcp.md "Tabs"): the tab's site(s) are no longer
 * approved for the session, nor trusted by its grants, unless it started there or another of its tabs
 * is there (policy/withdraw-sites.ts). So the client cannot reach the site again through `new_tab`.
 */
async function withdrawPicked(rec: TaskRecord, tabId: number, url: string | undefined): Promise<void> {
  const picked = rec.tabs?.pickedSites?.find(([t]) => t === tabId)?.[1];
  if (rec.tabs?.pickedSites) rec.tabs.pickedSites = rec.tabs.pickedSites.filter(([t]) => t !== tabId);
  const others = taskTabIds(rec.tabId, rec.tabs).filter((t) => t !== tabId);
  const keep = [rec.origins?.start ?? 'null'];
  for (const t of others) {
    const other = await chrome.tabs.get(t).catch(() => null);
    if (other?.url) keep.push(originOf(other.url));
  }
  await withdrawSites(rec, sitesToWithdraw(picked, url ? originOf(url) : undefined, keep));
}

/**
 * A call's `tabId`: the tab it acts on, one of the session's tabs (the session turns to it first, as
 * `switch_tab` would), or a refusal that says only the user can give the session another tab.
 */
export async function turnToArgTab(rec: TaskRecord, tabId: unknown): Promise<string | null> {
  const acting = actingTab(rec);
  if (tabId === acting) return null;
  const mine = taskTabIds(rec.tabId, rec.tabs);
  if (typeof tabId === 'number' && mine.includes(tabId)) {
    const open = await chrome.tabs.get(tabId).catch(() => null);
    if (!open) return `tab ${tabId} was closed; this session acts in tab ${acting}`;
    await taskTabsApi(rec).switchTo(tabId);
    return null;
  }
  return (
    `tab ${String(tabId)} is not one this session may use: it has tab ${rec.tabId} (where it started)` +
    `${mine.length > 1 ? ` and ${mine.slice(1).join(', ')}` : ''}. Only the user can give it another tab: they tick ` +
    `that tab under "Driven by" in Weaverbird's panel. You cannot pick it yourself; ask your user, or open the address with new_tab (Act mode).`
  );
}
