import { useEffect, useRef, useState } from 'preact/hooks';
import type { Shortcut } from '../../shared/shortcuts';
import { busy, draft, prefs, sendTask, setDraft, setMode, settingsStatus, stopTask, tabId } from '../store';
import { AttachmentChip } from './attachment-chip';
import { FileAttach } from './file-attach';
import { SaveShortcutForm } from './save-shortcut';
import { PALETTE_ID, ShortcutPalette, useShortcutPalette } from './shortcut-palette';
import { SaveWorkflow, WorkflowEntries } from './workflows';

const PLACEHOLDER = {
  ask: 'Ask about this page… (/ for shortcuts)',
  act: 'Tell Weaverbird what to do on this page… (/ for shortcuts)',
  dev: 'Task or question (Dev mode)… (/ for shortcuts)',
} as const;

/** Enter sends, Shift+Enter adds a line; "/" opens the shortcut palette; while a task runs the button stops it. */
export function Composer() {
  const ref = useRef<HTMLTextAreaElement>(null);
  const running = busy.value;
  const ready = tabId.value !== null && settingsStatus.value === 'ready';
  const [saving, setSaving] = useState(false);
  const [status, setStatus] = useState('');
  const palette = useShortcutPalette(draft.value, (s: Shortcut) => {
    setDraft(s.prompt);
    if (s.mode) setMode(s.mode);
    ref.current?.focus();
  });

  // Grow with the text up to a cap, so long drafts stay editable at narrow widths.
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    el.style.height = 'auto';
    el.style.height = `${Math.min(el.scrollHeight, 180)}px`;
  }, [draft.value]);

  useEffect(() => {
    if (!running) ref.current?.focus();
  }, [running]);

  const submit = () => {
    if (running) return;
    sendTask(ref.current?.value ?? draft.value);
  };
  const canSave = !running && draft.value.trim() !== '' && !draft.value.startsWith('/');

  return (
    <div class="composer-wrap">
      <AttachmentChip />
      <FileAttach />
      <ShortcutPalette palette={palette} />
      <WorkflowEntries onDone={setStatus} />
      <SaveWorkflow onDone={setStatus} />
      {saving && (
        <SaveShortcutForm
          prompt={draft.value}
          mode={prefs.value.mode}
          onDone={(msg) => {
            setSaving(false);
            setStatus(msg);
            ref.current?.focus();
          }}
        />
      )}
      <p class="composer-status" role="status">
        {status}
      </p>
      <form
        class="composer"
        onSubmit={(e) => {
          e.preventDefault();
          if (running) stopTask();
          else submit();
        }}
      >
        <label class="visually-hidden" for="prompt">
          Message
        </label>
        <textarea
          id="prompt"
          ref={ref}
          rows={2}
          placeholder={PLACEHOLDER[prefs.value.mode]}
          value={draft.value}
          disabled={!ready}
          aria-keyshortcuts="Enter"
          aria-controls={palette.open ? PALETTE_ID : undefined}
          aria-activedescendant={palette.activeId}
          onInput={(e) => {
            setDraft(e.currentTarget.value);
            setStatus('');
          }}
          onKeyDown={(e) => {
            if (palette.onKey(e)) {
              e.preventDefault();
              // Esc closes the palette only; it must not also stop a running task.
              e.stopPropagation();
              return;
            }
            // isComposing: Enter confirms an IME candidate (Japanese, Chinese…), it must not send.
            if (e.key === 'Enter' && !e.shiftKey && !e.isComposing) {
              e.preventDefault();
              submit();
            }
          }}
        />
        {canSave && !saving && (
          <button
            type="button"
            class="button-quiet button-icon"
            data-testid="save-shortcut"
            aria-label="Save as shortcut"
            title="Save this prompt as a shortcut"
            onClick={() => setSaving(true)}
          >
            <span aria-hidden="true">☆</span>
          </button>
        )}
        {running ? (
          <button
            type="submit"
            class="button-stop"
            data-testid="stop"
            aria-keyshortcuts="Escape"
            title="Stop the task (Esc)"
          >
            Stop
          </button>
        ) : (
          <button
            type="submit"
            class="button-primary"
            data-testid="send"
            disabled={!ready || draft.value.trim() === ''}
          >
            Send
          </button>
        )}
      </form>
    </div>
  );
}
