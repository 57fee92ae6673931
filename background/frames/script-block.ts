/**
 * Frames where Weaverbird behaves as if its page scripts could not run, set from the `wb` console
 * (wb.blockPageScripts): how a developer (and the e2e tests) reproduce a frame that refuses
 * extensions (a policy-blocked host, a frame whose injection Chrome refuses) on an ordinary page, to
 * exercise the paths that must work without page scripts (chrome_ax_tree's fallback). In memory only:
 * a worker restart clears it, and nothing the model can call sets it.
 */
const blocked = new Set<string>();
const key = (tabId: number, frameId: number): string => `${tabId}:${frameId}`;

export function setPageScriptsBlocked(tabId: number, frameId: number, on: boolean): void {
  if (on) blocked.add(key(tabId, frameId));
  else blocked.delete(key(tabId, frameId));
}

export function pageScriptsBlocked(tabId: number, frameId: number): boolean {
  return blocked.size > 0 && blocked.has(key(tabId, frameId));
}
