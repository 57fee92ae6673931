import { useState } from 'preact/hooks';
import type { Mode } from '../../shared/modes';
import { saveShortcut } from '../lib/shortcuts-store';
import { FormActions } from './form-actions';

/** Saves the composer's text under a name, optionally with the current mode. */
export function SaveShortcutForm({
  prompt,
  mode,
  onDone,
}: {
  prompt: string;
  mode: Mode;
  onDone: (msg: string) => void;
}) {
  const [name, setName] = useState('');
  const [withMode, setWithMode] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const save = async (e: Event) => {
    e.preventDefault();
    setSaving(true);
    const r = await saveShortcut({ name, prompt, ...(withMode ? { mode } : {}) });
    setSaving(false);
    if (r.ok) onDone(`Saved "/${r.data.name}". Type / in the message box to use it.`);
    else setError(r.error.message);
  };
  return (
    <form class="save-shortcut" aria-label="Save as shortcut" onSubmit={(e) => void save(e)}>
      <label for="shortcut-name">Shortcut name</label>
      <input
        id="shortcut-name"
        value={name}
        maxLength={40}
        // The user just asked to name it: the name field is where they type next.
        autoFocus
        aria-invalid={error !== null}
        aria-describedby={error ? 'shortcut-error' : undefined}
        onInput={(e) => {
          setName(e.currentTarget.value);
          setError(null);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            e.stopPropagation();
            onDone('');
          }
        }}
      />
      <label class="inline-check">
        <input type="checkbox" checked={withMode} onChange={(e) => setWithMode(e.currentTarget.checked)} />
        Run it in {mode} mode
      </label>
      <FormActions
        primary="Save shortcut"
        disabled={saving}
        onCancel={() => onDone('')}
        error={error}
        errorId="shortcut-error"
      />
    </form>
  );
}
