/**
 * Reaching Weaverbird from anywhere: the toolbar action and its keyboard command (manifest `commands`,
 * `_execute_action`) open the side panel; the context-menu entry "Ask Weaverbird about this" opens it
 * for the tab and attaches what was right-clicked (shared/attachment.ts) to the tab's next task.
 */
import { attachmentFromClick, attachmentKey, parseAttachment, type Attachment } from '../shared/attachment';
import { err, errorMessage, ok, type Result } from '../shared/result';
import { openPanelFor } from './browser/panel-opener';

const MENU_ID = 'wb-ask';

function createMenu(): void {
  // removeAll first: onInstalled also fires on update, and ids must be unique.
  chrome.contextMenus?.removeAll(() => {
    chrome.contextMenus.create({
      id: MENU_ID,
      title: 'Ask Weaverbird about this',
      contexts: ['selection', 'link', 'image', 'page'],
    });
  });
}

async function saveAttachment(tabId: number, a: Attachment): Promise<void> {
  await chrome.storage.session.set({ [attachmentKey(tabId)]: a });
}

/** Takes (and clears) the tab's attachment for a task that starts now. */
export async function takeAttachment(tabId: number): Promise<Attachment | null> {
  const key = attachmentKey(tabId);
  const stored: unknown = (await chrome.storage.session.get(key))[key];
  if (stored === undefined) return null;
  await chrome.storage.session.remove(key);
  return parseAttachment(stored);
}

/** `wb.attach(tabId, {selectionText | linkUrl | srcUrl+mediaType})`: what the menu does, from the console. */
export async function attachFromConsole(tabId: unknown, click: unknown): Promise<Result<Attachment>> {
  if (typeof tabId !== 'number' || typeof click !== 'object' || click === null) {
    return err('bad_arguments', "wb.attach(tabId, {selectionText?, linkUrl?, srcUrl?, mediaType?: 'image'})");
  }
  let tabUrl: string | undefined;
  try {
    tabUrl = (await chrome.tabs.get(tabId)).url;
  } catch (e) {
    return err('bad_tab', `tab ${tabId}: ${errorMessage(e)}`);
  }
  const pick = (k: string): string | undefined => {
    const v: unknown = Reflect.get(click, k);
    return typeof v === 'string' ? v : undefined;
  };
  const info = {
    ...(pick('selectionText') !== undefined ? { selectionText: pick('selectionText') } : {}),
    ...(pick('linkUrl') !== undefined ? { linkUrl: pick('linkUrl') } : {}),
    ...(pick('srcUrl') !== undefined ? { srcUrl: pick('srcUrl') } : {}),
    ...(pick('mediaType') !== undefined ? { mediaType: pick('mediaType') } : {}),
  };
  const a = attachmentFromClick(info, tabUrl, Date.now());
  await saveAttachment(tabId, a);
  return ok(a);
}

function onMenuClick(info: chrome.contextMenus.OnClickData, tab?: chrome.tabs.Tab): void {
  if (info.menuItemId !== MENU_ID || tab?.id === undefined) return;
  const tabId = tab.id;
  // Opening the panel needs the user gesture, which only lasts for this synchronous part of the handler.
  openPanelFor(tabId);
  void saveAttachment(tabId, attachmentFromClick(info, tab.url, Date.now()));
}

/** Registered from the worker's top level (MV3: listeners must exist before the event is delivered). */
export function registerEntryPoints(): void {
  chrome.runtime.onInstalled.addListener(createMenu);
  chrome.contextMenus?.onClicked.addListener(onMenuClick);
  chrome.tabs.onRemoved.addListener((tabId) => void chrome.storage.session.remove(attachmentKey(tabId)));
}
