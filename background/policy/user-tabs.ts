/**
 * Whose is a tab created while a task runs (issue 24 item 6, popups of opaque-origin frames)? The
 * navigation guard's rules cover every tab but the excluded ones (nav-rules.ts), so a tab created
 * during the task is covered from its first request. A tab one of the task's tabs opened (its
 * `openerTabId`, or the source tab webNavigation.onCreatedNavigationTarget names) is the task's
 * pages' doing and stays covered: a sandboxed frame's window.open, noopener included. Any other
 * new tab (Ctrl+T, a link in a tab that is not the task's) is the user's and is excluded, so the
 * task never hinders the user's own browsing.
 */
export interface NewTab {
  /** chrome.tabs.Tab.openerTabId at creation. */
  opener?: number;
  /** The source tab of onCreatedNavigationTarget, when it came first. */
  source?: number;
}

export function isUserTab(tab: NewTab, taskTabIds: readonly number[]): boolean {
  return ![tab.opener, tab.source].some((t) => t !== undefined && taskTabIds.includes(t));
}
