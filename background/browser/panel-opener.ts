/**
 * The panel's host differs per browser: Chrome's side panel (`chrome.sidePanel`) or Firefox's sidebar
 * (`sidebarAction`, manifest `sidebar_action`). Same page (sidepanel/index.html), same UI code; only
 * who opens it differs, chosen at build time (shared/browser-target.ts).
 *
 * Firefox exposes its own APIs on `chrome.*` too, promise-based in MV3, but @types/chrome does not
 * describe them, so they are reached through the narrow accessor below (docs/firefox.md: why no
 * webextension-polyfill).
 */
import { BROWSER } from '../../shared/browser-target';

interface SidebarAction {
  open(): Promise<void>;
  toggle(): Promise<void>;
}

function hasFn<K extends string>(v: unknown, ...keys: K[]): v is Record<K, (...a: unknown[]) => unknown> {
  return typeof v === 'object' && v !== null && keys.every((k) => typeof Reflect.get(v, k) === 'function');
}

function sidebarAction(): SidebarAction | null {
  const api: unknown = Reflect.get(chrome, 'sidebarAction');
  if (!hasFn(api, 'open', 'toggle')) return null;
  return {
    open: () => Promise.resolve(api.open()).then(() => undefined),
    toggle: () => Promise.resolve(api.toggle()).then(() => undefined),
  };
}

/**
 * Registered at the worker's top level. Chrome: the toolbar button opens the side panel by itself
 * once told to. Firefox: the button's click is the user gesture `sidebarAction.toggle()` needs, so it
 * must be called synchronously inside the handler.
 */
export function registerPanelOpener(): void {
  if (BROWSER === 'firefox') {
    chrome.action.onClicked.addListener(() => {
      sidebarAction()
        ?.toggle()
        .catch(() => undefined);
    });
    return;
  }
  const behave = (): void => void chrome.sidePanel.setPanelBehavior({ openPanelOnActionClick: true });
  chrome.runtime.onInstalled.addListener(behave);
  chrome.runtime.onStartup.addListener(behave);
}

/** Opens the panel for a tab from a user gesture (the context menu); best effort, never throws. */
export function openPanelFor(tabId: number): void {
  if (BROWSER === 'firefox') {
    sidebarAction()
      ?.open()
      .catch(() => undefined);
    return;
  }
  chrome.sidePanel.open({ tabId }).catch(() => undefined);
}
