/**
 * The saved prompts, as a signal backed by chrome.storage.local (they survive a browser restart, and
 * every open panel sees a change through storage.onChanged). Failures are values for the UI to show.
 */
import { signal } from '@preact/signals';
import {
  exportShortcuts,
  importShortcuts,
  parseShortcut,
  parseStoredShortcuts,
  removeShortcut,
  upsertShortcut,
  type ImportOutcome,
  type Shortcut,
} from '../../shared/shortcuts';
import { err, errorMessage, ok, type Result } from '../../shared/result';

const KEY = 'wb.shortcuts';

export const shortcuts = signal<Shortcut[]>([]);

async function persist(list: Shortcut[]): Promise<Result<Shortcut[]>> {
  try {
    await chrome.storage.local.set({ [KEY]: list });
  } catch (e) {
    return err('storage_failed', `could not save shortcuts: ${errorMessage(e)}`);
  }
  shortcuts.value = list;
  return ok(list);
}

/** Loads once and follows changes made by other panels; returns the unsubscribe. */
export async function initShortcuts(): Promise<() => void> {
  const onChanged = (changes: Record<string, chrome.storage.StorageChange>) => {
    const change = changes[KEY];
    if (change) shortcuts.value = parseStoredShortcuts(change.newValue);
  };
  // Optional chaining: a panel without storage events (tests, a broken profile) still loads once.
  // The local area's own event: chrome.storage.onChanged would also bring the panel every session
  // write of a running task (its record before each call), old and new values (issue 26).
  chrome.storage.local.onChanged?.addListener(onChanged);
  try {
    const stored = await chrome.storage.local.get(KEY);
    shortcuts.value = parseStoredShortcuts(stored[KEY]);
  } catch {
    shortcuts.value = [];
  }
  return () => chrome.storage.local.onChanged?.removeListener(onChanged);
}

export async function saveShortcut(raw: unknown): Promise<Result<Shortcut>> {
  const parsed = parseShortcut(raw);
  if (!parsed.ok) return parsed;
  const next = upsertShortcut(shortcuts.value, parsed.data);
  if (!next.ok) return next;
  const saved = await persist(next.data);
  return saved.ok ? ok(parsed.data) : saved;
}

export async function deleteShortcut(name: string): Promise<Result<Shortcut[]>> {
  return persist(removeShortcut(shortcuts.value, name));
}

export async function importShortcutsFile(text: string): Promise<Result<ImportOutcome>> {
  const merged = importShortcuts(shortcuts.value, text);
  if (!merged.ok) return merged;
  const saved = await persist(merged.data.list);
  return saved.ok ? merged : saved;
}

/** Downloads the export through a temporary blob link (no download permission needed). */
export function downloadShortcuts(): void {
  const blob = new Blob([exportShortcuts(shortcuts.value)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = 'weaverbird-shortcuts.json';
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
