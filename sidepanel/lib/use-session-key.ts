/**
 * A panel component that shows one key of chrome.storage.session (what the worker or a context menu
 * left for the tab's next task: an attachment, files) reads it once and follows its changes while
 * mounted. A reply that arrives after unmounting, or after the key changed, is dropped.
 */
import { useEffect } from 'preact/hooks';

/** Calls `onValue` with `key`'s stored value now and on every change; nothing while `key` is null. */
export function useSessionKey(key: string | null, onValue: (raw: unknown) => void): void {
  useEffect(() => {
    if (key === null) return;
    let live = true;
    const show = (raw: unknown) => {
      if (live) onValue(raw);
    };
    void chrome.storage.session.get(key).then((v) => show(v[key]));
    const onChanged = (changes: Record<string, chrome.storage.StorageChange>, area: string) => {
      const change = changes[key];
      if (area === 'session' && change) show(change.newValue);
    };
    // Optional chaining: a panel without storage events (tests) still reads once.
    chrome.storage.onChanged?.addListener(onChanged);
    return () => {
      live = false;
      chrome.storage.onChanged?.removeListener(onChanged);
    };
    // onValue is taken as it is when the key starts being followed (it only sets component state).
  }, [key]);
}
