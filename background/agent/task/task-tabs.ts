/**
 * A task's tabs in the browser: which tab its tools act on, the tabs it opened (new_tab), their Chrome
 * tab group titled with the task's name while it runs, and one ref space across them (a ref used on
 * the wrong tab is refused with its tab named). The state lives in the task record
 * (task-tabs-state.ts), so it survives a worker restart with the rest of the task.
 */
import { quotePageText } from '../../../shared/fence';
import { startNetworkLog, stopNetworkLog } from '../../observe/network-log';
import { noteRefHigh, refFloor } from '../../frames/ref-floor';
import type { TaskTabsApi } from '../../tools/types';
import { emit } from './event-hub';
import { onOriginsChanged } from '../../policy/navigation-guard';
import { saveTask, type TaskRecord } from './state-store';
import {
  fallbackTab,
  groupTitle,
  initialTabs,
  ownerOf,
  recordMinted,
  refOfArgs,
  setGranted,
  taskTabIds,
  type TaskTabs,
} from './task-tabs-state';

/** The tab the task's tools act on now. */
export function actingTab(rec: TaskRecord): number {
  return rec.tabs?.current ?? rec.tabId;
}

/** The record's tab state, started on first use (a pick can come before the session's first call). */
export async function ensureTaskTabs(rec: TaskRecord): Promise<TaskTabs> {
  rec.tabs ??= initialTabs(rec.tabId, await refFloor(rec.tabId));
  return rec.tabs;
}

async function titleOf(tabId: number): Promise<string> {
  try {
    return (await chrome.tabs.get(tabId)).title ?? '';
  } catch {
    return '';
  }
}

async function exists(tabId: number): Promise<boolean> {
  try {
    await chrome.tabs.get(tabId);
    return true;
  } catch {
    return false;
  }
}

/** "tab 345 (“Shop – Cart”)": the title is the page's, so it is capped and quoted (it goes outside the fence). */
async function tabLabel(tabId: number): Promise<string> {
  const title = await titleOf(tabId);
  return title ? `tab ${tabId} (${quotePageText(title, 60)})` : `tab ${tabId}`;
}

/**
 * Refuses a call whose ref was minted in another of the task's tabs: on this tab it would be stale
 * at best. Null when the ref is this tab's, unknown to the task (the page judges it), or absent.
 */
export async function wrongTabRefusal(rec: TaskRecord, args: unknown): Promise<string | null> {
  const named = refOfArgs(args);
  if (!named || !rec.tabs) return null;
  const owner = ownerOf(rec.tabs, named.n);
  const here = actingTab(rec);
  if (owner === null || owner === here) return null;
  const where = await tabLabel(owner);
  const gone = !(await exists(owner)) || !taskTabIds(rec.tabId, rec.tabs).includes(owner);
  return gone
    ? `ERROR wrong_tab: ${named.ref} belongs to ${where}, which this task no longer has open; re-read this tab (${await tabLabel(here)}) and use its refs.`
    : `ERROR wrong_tab: ${named.ref} belongs to ${where}, not to ${await tabLabel(here)} where you act now; switch_tab {"tabId": ${owner}} first or re-read this tab.`;
}

/**
 * The tab a call acts on, checked: when the user closed the task's current tab, the task goes back
 * to another of its tabs and the model is told (outside the fence).
 */
export async function checkedActingTab(rec: TaskRecord): Promise<{ tabId: number; note?: string }> {
  const tabs = await ensureTaskTabs(rec);
  if (tabs.current === rec.tabId || (await exists(tabs.current))) return { tabId: tabs.current };
  const lost = tabs.current;
  tabs.opened = tabs.opened.filter((t) => t !== lost);
  if (tabs.granted) tabs.granted = tabs.granted.filter((t) => t !== lost);
  const next = fallbackTab(rec.tabId, tabs);
  await turnTo(rec, next);
  return { tabId: next, note: `NOTE: tab ${lost} was closed; you now act in ${await tabLabel(next)}.` };
}

/** The tab's ref floor before a call, to learn afterwards which numbers the call minted there. */
export function floorBefore(tabId: number): Promise<number> {
  return refFloor(tabId);
}

/** Records the ref numbers a call minted in `tabId` (its floor moved from `before`). */
export async function noteMinted(rec: TaskRecord, tabId: number, before: number): Promise<void> {
  const after = await refFloor(tabId);
  if (after > before) recordMinted(await ensureTaskTabs(rec), tabId, before, after);
}

/**
 * Raises a tab's ref floor above every number the task's tabs have issued, so the tab mints no
 * number another of them already showed the model (one ref space per task).
 */
async function joinRefSpace(rec: TaskRecord, tabId: number): Promise<void> {
  const floors = await Promise.all(taskTabIds(rec.tabId, rec.tabs).map((t) => refFloor(t)));
  await noteRefHigh(tabId, Math.max(0, ...floors));
}

/** Makes `tabId` the tab the task acts on, brings it to the front, and tells the panel. */
async function turnTo(rec: TaskRecord, tabId: number): Promise<void> {
  const tabs = await ensureTaskTabs(rec);
  await joinRefSpace(rec, tabId);
  tabs.current = tabId;
  await saveTask(rec);
  // The user sees what the agent works on; the panel follows (panel-messages get_tab_info → taskTab).
  await chrome.tabs.update(tabId, { active: true }).catch(() => undefined);
  await emit({
    type: 'acting_tab',
    tabId: rec.tabId,
    taskId: rec.taskId,
    actingTabId: tabId,
    title: await titleOf(tabId),
  });
}

/** Puts the task's tabs in one group titled with the task; the start tab only when it is not in a group of the user's. */
async function groupTabs(rec: TaskRecord, tabs: TaskTabs): Promise<void> {
  if (!chrome.tabGroups) return;
  const ids = [...tabs.opened];
  if (tabs.groupedStart === undefined) {
    const start = await chrome.tabs.get(rec.tabId).catch(() => null);
    tabs.groupedStart = start !== null && start.groupId === chrome.tabGroups.TAB_GROUP_ID_NONE;
  }
  if (tabs.groupedStart) ids.unshift(rec.tabId);
  const live: number[] = [];
  for (const id of ids) if (await exists(id)) live.push(id);
  const [first, ...rest] = live;
  if (first === undefined) return;
  const groupId = await chrome.tabs.group({
    tabIds: [first, ...rest],
    ...(tabs.groupId !== undefined ? { groupId: tabs.groupId } : {}),
  });
  if (tabs.groupId !== groupId) {
    tabs.groupId = groupId;
    await chrome.tabGroups.update(groupId, { title: groupTitle(rec.task), color: 'cyan', collapsed: false });
  }
}

/** The hooks the tab tools get in their context (background/tools/tabs.ts). */
export function taskTabsApi(rec: TaskRecord): TaskTabsApi {
  return {
    startTab: rec.tabId,
    opened: () => rec.tabs?.opened ?? [],
    granted: () => rec.tabs?.granted ?? [],
    async adopt(tabId) {
      const tabs = await ensureTaskTabs(rec);
      if (!tabs.opened.includes(tabId)) tabs.opened.push(tabId);
      // network_read there sees the requests from now on, as in the start tab (task-manager.ts launch).
      startNetworkLog(tabId, rec.taskId);
      try {
        await groupTabs(rec, tabs);
      } catch (e) {
        // A group is a courtesy to the user; the task works without one.
        console.warn('Weaverbird: could not group the task’s tabs:', e instanceof Error ? e.message : String(e));
      }
      await turnTo(rec, tabId);
      // The navigation guard watches every tab of the task (navigation-guard.ts).
      await onOriginsChanged(rec);
    },
    switchTo: (tabId) => turnTo(rec, tabId),
    async closed(tabId) {
      const tabs = await ensureTaskTabs(rec);
      tabs.opened = tabs.opened.filter((t) => t !== tabId);
      stopNetworkLog(tabId, rec.taskId);
      if (tabs.current === tabId) await turnTo(rec, fallbackTab(rec.tabId, tabs));
      else await saveTask(rec);
      await onOriginsChanged(rec);
      return tabs.current;
    },
  };
}

/**
 * Gives the task one of the user's tabs, or takes it back: only the user does this, from the panel's
 * tab picker (an MCP session's "Driven by" banner). A tab taken back while the task acts in it turns
 * the task to its start tab. The navigation guard covers the task's tabs, so it is refreshed.
 */
export async function grantTab(rec: TaskRecord, tabId: number, allowed: boolean): Promise<void> {
  const tabs = await ensureTaskTabs(rec);
  setGranted(rec.tabId, tabs, tabId, allowed);
  // A given tab's requests are recorded from the pick on, as the start tab's are from the task's start
  // (network_read, the MCP resource weaverbird://tab/network); taken back, no longer.
  const given = taskTabIds(rec.tabId, tabs).includes(tabId);
  if (given) startNetworkLog(tabId, rec.taskId);
  else stopNetworkLog(tabId, rec.taskId);
  if (!allowed && tabs.current === tabId && !taskTabIds(rec.tabId, tabs).includes(tabId))
    await turnTo(rec, fallbackTab(rec.tabId, tabs));
  else await saveTask(rec);
  await onOriginsChanged(rec);
}

/** At the task's end: its tab group is taken apart (the tabs stay open for the user). */
export async function releaseTaskTabs(rec: TaskRecord): Promise<void> {
  const tabs = rec.tabs;
  if (!tabs || tabs.groupId === undefined || !chrome.tabGroups) return;
  const ids = tabs.groupedStart ? [rec.tabId, ...tabs.opened] : [...tabs.opened];
  const live: number[] = [];
  for (const id of ids) {
    const tab = await chrome.tabs.get(id).catch(() => null);
    if (tab?.groupId === tabs.groupId) live.push(id);
  }
  const [first, ...rest] = live;
  if (first !== undefined) await chrome.tabs.ungroup([first, ...rest]).catch(() => undefined);
}

/**
 * The start tab of the running task that owns `tabId` (one it opened, or one the user gave it), for the
 * panel to follow: that task's approvals appear in its start tab's chat.
 */
export function ownerTabOf(records: readonly TaskRecord[], tabId: number): number | undefined {
  return records.find((r) => r.tabs?.opened.includes(tabId) || r.tabs?.granted?.includes(tabId))?.tabId;
}
