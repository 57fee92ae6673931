/**
 * Downloads an action started (issue 25, docs/files-and-downloads.md). `chrome.downloads` items carry
 * no tab id, so a download belongs to the tab whose action was running when Chrome created it; only
 * those ids are readable by `read_download` (the user's own earlier downloads never are). The list
 * lives in the worker's memory: after a worker restart the agent clicks again.
 */
import { sleep } from '../../shared/timeout';
import { subscribeTabRequests, type RequestEvent } from './tab-requests';

/** Download ids each tab's actions started, newest last. */
const byTab = new Map<number, number[]>();
const KEEP = 50;

function noteTabDownload(tabId: number, id: number): void {
  const list = (byTab.get(tabId) ?? []).filter((x) => x !== id);
  list.push(id);
  byTab.set(tabId, list.slice(-KEEP));
}

/** True when an action on one of `tabIds` started download `id`. */
export function startedBy(tabIds: readonly number[], id: number): boolean {
  return tabIds.some((t) => byTab.get(t)?.includes(id) === true);
}

export interface DownloadWatch {
  ids(): number[];
  /**
   * Responses the tab received as attachments (Content-Disposition, RFC 6266) during the action: a
   * link to another origin ignores `download` and becomes a navigation whose download Chrome creates
   * only after the headers, often after the click has returned.
   */
  attachments(): number;
  stop(): void;
}

function isAttachment(headers: chrome.webRequest.HttpHeader[] | undefined): boolean {
  return !!headers?.some(
    (h) => h.name.toLowerCase() === 'content-disposition' && /^\s*attachment/i.test(h.value ?? ''),
  );
}

/** Collects the downloads Chrome creates while an action on `tabId` runs (and until `stop`). */
export function watchDownloads(tabId: number): DownloadWatch {
  const ids: number[] = [];
  let attachments = 0;
  const api = typeof chrome !== 'undefined' ? chrome.downloads : undefined;
  if (!api) return { ids: () => [], attachments: () => 0, stop: () => undefined };
  const onCreated = (item: chrome.downloads.DownloadItem): void => {
    ids.push(item.id);
    noteTabDownload(tabId, item.id);
  };
  const onRequest = (e: RequestEvent): void => {
    if (e.kind === 'headers' && isAttachment(e.responseHeaders)) attachments += 1;
  };
  api.onCreated.addListener(onCreated);
  const unsubscribe = subscribeTabRequests(tabId, onRequest);
  return {
    ids: () => [...ids],
    attachments: () => attachments,
    stop: () => {
      api.onCreated.removeListener(onCreated);
      unsubscribe();
    },
  };
}

export async function downloadItem(id: number): Promise<chrome.downloads.DownloadItem | undefined> {
  const [item] = await chrome.downloads.search({ id });
  return item;
}

/** Waits (polling, up to `capMs`) until the downloads are no longer in progress; returns their items. */
export async function settledDownloads(
  ids: readonly number[],
  capMs: number,
): Promise<chrome.downloads.DownloadItem[]> {
  const until = Date.now() + capMs;
  for (;;) {
    const items = (await Promise.all(ids.map(downloadItem))).filter((i) => i !== undefined);
    if (items.every((i) => i.state !== 'in_progress') || Date.now() >= until) return items;
    await sleep(50);
  }
}

/** The file's name without its folder (Windows or POSIX separators). */
function baseName(path: string): string {
  return path.split(/[\\/]/).pop() ?? path;
}

/**
 * The saved path with the user's home folder written `~`: the folder's name is usually the user's
 * name, which the model (and so the provider) has no need of. Linux `/home/<user>` and `/root`,
 * macOS `/Users/<user>`, Windows `C:\\Users\\<user>`; any other path is kept as is.
 */
export function homeless(path: string): string {
  return path.replace(/^(\/home\/[^/]+|\/Users\/[^/]+|\/root)(?=\/)|^[A-Za-z]:\\Users\\[^\\]+(?=\\)/, '~');
}

export interface DownloadSummary {
  id: number;
  name: string;
  /** Bytes on disk when complete, else what the server announced (-1 / absent when unknown). */
  size?: number;
  state: string;
  /** Where the browser saved it, once it has chosen (the home folder as `~`). */
  path?: string;
  mime?: string;
  error?: string;
}

export function summarize(item: chrome.downloads.DownloadItem): DownloadSummary {
  const out: DownloadSummary = { id: item.id, name: baseName(item.filename), state: item.state };
  const size = item.fileSize > 0 ? item.fileSize : item.totalBytes;
  if (size >= 0) out.size = size;
  if (item.filename) out.path = homeless(item.filename);
  if (item.mime) out.mime = item.mime;
  if (item.error) out.error = item.error;
  return out;
}
