/**
 * The tab tools of a task (issue 15, item 3): open a page in a new tab, turn to another of the task's
 * tabs, close a tab the task opened, list the window's tabs. A task may act only in the tab it started
 * in and the tabs it opened itself: the user's other tabs (mail, a bank) are never the agent's to read
 * or operate, only to name by origin (tab-listing.ts). A new tab's URL goes through the
 * task's origin policy exactly as `navigate` does (another origin asks first).
 */
import { z } from 'zod';
import { capPageText, TITLE_MAX } from '../../shared/fence';
import { err, ok, type Result } from '../../shared/result';
import { defineTool } from './define-tool';
import { guardedLoad, LOAD_TIMEOUT_MS } from './navigation';
import { elidedUrl, listedTab, originsOf } from './tab-listing';
import type { TaskTabsApi, ToolContext } from './types';

/** Enough for comparing a few sites side by side; more is a task that forgot to close its tabs. */
const MAX_OPENED_TABS = 6;

const TabId = z.number().int().positive().describe('a tab id, as new_tab or list_tabs gives it');

function tabsOf(ctx: ToolContext, tool: string): Result<TaskTabsApi> {
  return ctx.tabs
    ? ok(ctx.tabs)
    : err(
        'no_task',
        `${tool} works only inside an agent task (the task owns the tabs it opens); start a task from the panel`,
      );
}

function ownTabs(tabs: TaskTabsApi): number[] {
  return [tabs.startTab, ...tabs.opened(), ...tabs.granted()];
}

export const newTab = defineTool({
  name: 'new_tab',
  family: 'tabs',
  description:
    'Opens an http(s) URL in a new tab of this task, waits for it to load, and makes it the tab you act on (its refs are its own: read its tree first). A site the task has not visited asks the user first. Use it to keep a page open while you look at another (comparing sites); go back with switch_tab, and close_tab the tabs you no longer need.',
  schema: z.object({ url: z.string().min(1).describe('absolute http(s) URL') }).strict(),
  modes: ['act', 'dev'],
  tiers: ['mid', 'full'],
  readOnly: false,
  async handler({ url }, ctx) {
    const tabs = tabsOf(ctx, 'new_tab');
    if (!tabs.ok) return tabs;
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      return err('bad_arguments', `"${url}" is not an absolute URL; pass one like https://example.com/page`);
    }
    if (target.protocol !== 'http:' && target.protocol !== 'https:')
      return err('bad_arguments', `new_tab only opens http(s) URLs, not ${target.protocol} ones`);
    if (tabs.data.opened().length >= MAX_OPENED_TABS)
      return err(
        'too_many_tabs',
        `this task already has ${MAX_OPENED_TABS} tabs of its own open (${tabs.data.opened().join(', ')}); close_tab one you no longer need, or navigate in one of them`,
      );
    // The task's origin policy, as for navigate: another origin asks first, showing the whole URL.
    const allowed = await ctx.approvals?.guardNavigation(target.href, 'Open in a new tab');
    if (allowed && !allowed.ok) return allowed;
    const here = await chrome.tabs.get(ctx.tabId);
    // Created in the background, then adopted (grouped, recorded as the task's) before it comes to
    // the front, so the panel already knows it is the task's tab when it follows it. Chrome starts
    // the load itself (no initiator: the navigation guard's rules never match it).
    // Created blank and adopted first: the navigation guard's rules cover the tab (DNR `tabIds`)
    // before its first request, so a redirect hop from the URL is judged like in any task tab.
    const tab = await chrome.tabs.create({
      url: 'about:blank',
      active: false,
      windowId: here.windowId,
      index: here.index + 1,
      openerTabId: ctx.tabId,
    });
    const id = tab.id;
    if (id === undefined) return err('tab_failed', 'Chrome did not give the new tab an id; try again');
    await tabs.data.adopt(id);
    const r = await guardedLoad(
      ctx,
      id,
      () => chrome.tabs.update(id, { url: target.href }),
      async () => {
        await chrome.tabs.remove(id).catch(() => undefined);
        await tabs.data.closed(id);
      },
    );
    if (!r.ok && r.error.code === 'navigation_blocked') return r;
    if (!r.ok)
      return err('navigation_failed', `opened tab ${id}, but could not load ${target.href}: ${r.error.message}`);
    // Again now that the page has its title, so the panel names the tab the task works in.
    await tabs.data.switchTo(id);
    const still = r.data.loaded ? '' : `Still loading after ${LOAD_TIMEOUT_MS / 1000}s. `;
    return ok({
      tabId: id,
      ...r.data,
      note: `${still}You now act in tab ${id}; your other tabs keep their pages (switch_tab to go back). Call get_accessibility_tree to read this one.`,
    });
  },
});

export const switchTab = defineTool({
  name: 'switch_tab',
  family: 'tabs',
  description:
    'Makes another of this task’s tabs (the one it started in, or one it opened with new_tab) the tab you act on. Refs belong to the tab whose tree printed them: after switching, use that tab’s refs, or read its tree again.',
  schema: z.object({ tabId: TabId }).strict(),
  modes: ['act', 'dev'],
  tiers: ['mid', 'full'],
  readOnly: false,
  async handler({ tabId }, ctx) {
    const tabs = tabsOf(ctx, 'switch_tab');
    if (!tabs.ok) return tabs;
    const own = ownTabs(tabs.data);
    if (!own.includes(tabId))
      return err(
        'not_task_tab',
        `tab ${tabId} is not one of this task's tabs (${own.join(', ')}): a task acts only in the tab it started in and the tabs it opened. To work on that page, open its address with new_tab.`,
      );
    let tab: chrome.tabs.Tab;
    try {
      tab = await chrome.tabs.get(tabId);
    } catch {
      await tabs.data.closed(tabId);
      return err('bad_tab', `tab ${tabId} was closed; list_tabs shows the tabs still open`);
    }
    if (tabId !== ctx.tabId) await tabs.data.switchTo(tabId);
    return ok({
      tabId,
      title: capPageText(tab.title ?? '', TITLE_MAX),
      url: elidedUrl(tab.url),
      note: `You now act in tab ${tabId}. Refs you read in another tab do not work here.`,
    });
  },
});

export const closeTab = defineTool({
  name: 'close_tab',
  family: 'tabs',
  description:
    'Closes a tab this task opened with new_tab (never the tab it started in or the user’s own tabs). Closing the tab you act on turns you to the task’s newest other tab, or the one it started in.',
  schema: z.object({ tabId: TabId }).strict(),
  modes: ['act', 'dev'],
  tiers: ['mid', 'full'],
  readOnly: false,
  async handler({ tabId }, ctx) {
    const tabs = tabsOf(ctx, 'close_tab');
    if (!tabs.ok) return tabs;
    const opened = tabs.data.opened();
    if (!opened.includes(tabId)) {
      const why =
        tabId === tabs.data.startTab
          ? 'it is the tab the task started in (the user’s tab)'
          : 'the task did not open it (it is the user’s)';
      const hint = opened.length > 0 ? `tabs this task opened: ${opened.join(', ')}` : 'this task opened no tabs';
      return err(
        'not_task_tab',
        `tab ${tabId} cannot be closed: ${why}. Only tabs opened with new_tab can be closed; ${hint}.`,
      );
    }
    await chrome.tabs.remove(tabId).catch(() => undefined);
    const now = await tabs.data.closed(tabId);
    const moved = now !== ctx.tabId ? ` You now act in tab ${now}; read its tree before acting.` : '';
    return ok({ closed: tabId, actingTabId: now, note: `Closed tab ${tabId}; its refs are gone.${moved}` });
  },
});

export const listTabs = defineTool({
  name: 'list_tabs',
  family: 'tabs',
  description:
    'Lists the tabs of the current window: the user’s other tabs by origin only (and title when on a site of this task); this task’s own tabs (yours:true) with their URL (query and fragment shown as ?… and #…), the one you act on marked acting:true. Use it to tell the user where something is, or to find a tab id for switch_tab.',
  schema: z.object({}).strict(),
  // Read-only and redacted (the trust issue): Ask mode may name where things are too.
  modes: ['ask', 'act', 'dev'],
  tiers: ['mid', 'full'],
  readOnly: true,
  async handler(_args, ctx) {
    const own = await chrome.tabs.get(ctx.tabId);
    const tabs = await chrome.tabs.query({ windowId: own.windowId });
    const mine = ctx.tabs ? ownTabs(ctx.tabs) : [ctx.tabId];
    const sites = originsOf(tabs, mine);
    return ok(tabs.map((t) => listedTab(t, mine, ctx.tabId, sites)));
  },
});
