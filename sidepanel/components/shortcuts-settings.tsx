import { useState } from 'preact/hooks';
import { deleteShortcut, downloadShortcuts, importShortcutsFile, shortcuts } from '../lib/shortcuts-store';

/** Settings' list of saved prompts: delete, export to a JSON file, import one back (merging by name). */
export function ShortcutsSettings() {
  const [message, setMessage] = useState('');
  const list = shortcuts.value;
  const onImport = async (input: HTMLInputElement) => {
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    const r = await importShortcutsFile(await file.text());
    if (!r.ok) {
      setMessage(`Not imported: ${r.error.message}`);
      return;
    }
    const { added, replaced, skipped } = r.data;
    setMessage(
      `Imported ${added} new and ${replaced} replaced shortcut(s)` +
        (skipped.length > 0 ? `; skipped ${skipped.length}: ${skipped.join('; ')}` : '.'),
    );
  };
  return (
    <section class="shortcuts-settings" aria-labelledby="shortcuts-title" data-testid="shortcuts-settings">
      <h3 id="shortcuts-title">Shortcuts</h3>
      <p class="field-hint">Saved prompts: type / in the message box to use one.</p>
      {list.length === 0 ? (
        <p>None saved yet.</p>
      ) : (
        <ul class="shortcut-list">
          {list.map((s) => (
            <li key={s.name}>
              <span class="palette-name">/{s.name}</span>
              {s.mode && <span class="palette-mode">{s.mode}</span>}
              <span class="palette-prompt">{s.prompt}</span>
              <button
                type="button"
                class="link-button"
                aria-label={`Delete shortcut ${s.name}`}
                onClick={() =>
                  void deleteShortcut(s.name).then((r) => setMessage(r.ok ? `Deleted "/${s.name}".` : r.error.message))
                }
              >
                Delete
              </button>
            </li>
          ))}
        </ul>
      )}
      <div class="settings-actions">
        <button type="button" class="button-quiet" disabled={list.length === 0} onClick={downloadShortcuts}>
          Export…
        </button>
        <label class="button-quiet file-button">
          Import…
          <input
            type="file"
            accept="application/json,.json"
            class="visually-hidden"
            data-testid="import-shortcuts"
            onChange={(e) => void onImport(e.currentTarget)}
          />
        </label>
      </div>
      <p role="status" class="settings-result" data-testid="shortcuts-status">
        {message}
      </p>
    </section>
  );
}
