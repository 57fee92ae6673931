import { useEffect, useRef } from 'preact/hooks';
import { busy, draft, prefs, sendTask, setDraft, settingsStatus, stopTask, tabId } from '../store';

const PLACEHOLDER = {
  ask: 'Ask about this page…',
  act: 'Tell Weaverbird what to do on this page…',
  dev: 'Task or question (Dev mode)…',
} as const;

/** Enter sends, Shift+Enter adds a line; while a task runs the button stops it. */
export function Composer() {
  const ref = useRef<HTMLTextAreaElement>(null);
  const running = busy.value;
  const ready = tabId.value !== null && settingsStatus.value === 'ready';

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

  return (
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
        onInput={(e) => setDraft(e.currentTarget.value)}
        onKeyDown={(e) => {
          // isComposing: Enter confirms an IME candidate (Japanese, Chinese…), it must not send.
          if (e.key === 'Enter' && !e.shiftKey && !e.isComposing) {
            e.preventDefault();
            submit();
          }
        }}
      />
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
        <button type="submit" class="button-primary" data-testid="send" disabled={!ready || draft.value.trim() === ''}>
          Send
        </button>
      )}
    </form>
  );
}
