/**
 * Whose is a tab created while a task runs (issue 24 item 6, popups of opaque-origin frames)? The
 * navigation guard's rules cover every tab but the excluded ones (nav-rules.ts), so a tab created
 * during the task is covered from its first request. A tab a page opened (window.open, a
 * target=_blank link, noopener or not) is named by webNavigation.onCreatedNavigationTarget, which
 * fires before the tab's first onBeforeNavigate (https://developer.mozilla.org/en-US/docs/Mozilla/Add-ons/WebExtensions/API/webNavigation/onCreatedNavigationTarget;
 * Chrome's webNavigation event order says the same). Opened by one of the task's tabs, it is the
 * task's pages' doing and stays covered, a sandboxed frame's popup included. Any other new tab
 * (Ctrl+T, a link in a tab that is not the task's) is the user's and is excluded, so the task
 * never hinders the user's own browsing.
 *
 * `openerTabId` is not used: Chrome gives a tab the user opens with Ctrl+T the active tab as its
 * opener (seen in agent-tabs.e2e.ts), so it would take the user's tab for the task's.
 */
export function isUserTab(source: number | undefined, taskTabIds: readonly number[]): boolean {
  return source === undefined || !taskTabIds.includes(source);
}
