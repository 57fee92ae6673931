/**
 * A task's tabs as the task record keeps them (chrome.storage.session, with the rest of the record):
 * the tab it acts on now, the tabs it opened, its tab group, and which tab minted which ref numbers.
 *
 * Ref numbers are one space per task: whenever the task turns to a tab, that tab's ref floor is
 * raised above every number any of the task's tabs has issued (task-tabs.ts), so no two of its tabs
 * ever mint the same `ref_N`. Then "which tab does ref_N belong to" has one answer, kept here as
 * number ranges (a call on tab T that moved T's floor from a to b minted a+1…b there). Pure: no
 * `chrome.*`, for unit tests.
 */
import { z } from 'zod';
import { QUALIFIED_REF_PATTERN } from '../../../shared/refs';
import { isRecord } from '../../../shared/result';
import { cut, squish } from '../../../shared/text';

export const TaskTabsSchema = z.object({
  /** The tab the task's tools act on now. */
  current: z.number(),
  /** Tabs the task opened with new_tab (still open), oldest first. */
  opened: z.array(z.number()),
  /** Tabs of the user's that the user gave the task in the panel (an MCP session's tab picker), oldest first. */
  granted: z.optional(z.array(z.number())),
  /** [tabId, origin]: the site the user's tick of that tab approved for the task; withdrawn when unticked. */
  pickedSites: z.optional(z.array(z.tuple([z.number(), z.string()]))),
  /** The Chrome tab group holding the task's tabs, once it has more than one. */
  groupId: z.optional(z.number()),
  /** Whether the start tab was put in the task's group (it is left alone when it already was in a group). */
  groupedStart: z.optional(z.boolean()),
  /** [tabId, first, last]: ref numbers first…last were minted in tabId. */
  refs: z.array(z.tuple([z.number(), z.number(), z.number()])),
});
export type TaskTabs = z.infer<typeof TaskTabsSchema>;

export function initialTabs(startTab: number, startFloor: number): TaskTabs {
  // Every number up to the start tab's floor was issued in the start tab (floors are per tab).
  return { current: startTab, opened: [], refs: startFloor > 0 ? [[startTab, 1, startFloor]] : [] };
}

/** Records that `tabId` minted (before, after]; merges with the previous range when it continues it. */
export function recordMinted(tabs: TaskTabs, tabId: number, before: number, after: number): void {
  if (after <= before) return;
  const last = tabs.refs.at(-1);
  if (last && last[0] === tabId && last[2] >= before) {
    last[2] = Math.max(last[2], after);
    return;
  }
  tabs.refs.push([tabId, before + 1, after]);
}

/** The tab that minted ref number n, or null when the task never saw it minted. */
export function ownerOf(tabs: TaskTabs, n: number): number | null {
  // Latest first: a range is never re-minted, but a stale overlap must not hide a newer one.
  for (let i = tabs.refs.length - 1; i >= 0; i--) {
    const r = tabs.refs[i];
    if (r && n >= r[1] && n <= r[2]) return r[0];
  }
  return null;
}

/** The ref a call names (`ref_id`, plain or frame-qualified), with its number. */
export function refOfArgs(args: unknown): { ref: string; n: number } | null {
  if (!isRecord(args) || typeof args.ref_id !== 'string') return null;
  const m = QUALIFIED_REF_PATTERN.exec(args.ref_id);
  const local = m?.[2];
  if (!local) return null;
  return { ref: args.ref_id, n: Number(local.slice('ref_'.length)) };
}

/** Every tab the task may act on: its start tab, the tabs it opened, and the tabs the user gave it in the panel. */
export function taskTabIds(startTab: number, tabs: TaskTabs | undefined): number[] {
  const ids = [startTab, ...(tabs?.opened ?? [])];
  for (const t of tabs?.granted ?? []) if (!ids.includes(t)) ids.push(t);
  return ids;
}

/** Adds or removes a tab the user gave the task (the panel's tab picker); never the start tab or one it opened. */
export function setGranted(startTab: number, tabs: TaskTabs, tabId: number, allowed: boolean): void {
  const rest = (tabs.granted ?? []).filter((t) => t !== tabId);
  const own = tabId === startTab || tabs.opened.includes(tabId);
  tabs.granted = allowed && !own ? [...rest, tabId] : rest;
}

/**
 * The sites an untick takes back from the task: the one the tick approved and the one the tab is on
 * now, except the task's start origin and any site another of its tabs is on (its own links must still
 * work there). Erring towards asking again is the safe side.
 */
export function sitesToWithdraw(
  picked: string | undefined,
  now: string | undefined,
  keep: readonly string[],
): string[] {
  const out: string[] = [];
  for (const o of [picked, now]) if (o && /^https?:\/\//.test(o) && !keep.includes(o) && !out.includes(o)) out.push(o);
  return out;
}

/** The tab a switch or close falls back to when the current one goes away: the newest still open, else the start tab. */
export function fallbackTab(startTab: number, tabs: TaskTabs): number {
  return tabs.opened.at(-1) ?? startTab;
}

/** The task's name as its tab group shows it: the first words of the task, on one line. */
export function groupTitle(task: string): string {
  const line = squish(task);
  return cut(line, 40) || 'Weaverbird task';
}
