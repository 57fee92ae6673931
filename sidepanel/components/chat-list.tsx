import { useLayoutEffect, useRef } from 'preact/hooks';
import { busy, chat } from '../store';
import { Message } from './message';

/** Keeps the newest message in view while streaming, unless the user scrolled up to read. */
export function ChatList() {
  const ref = useRef<HTMLDivElement>(null);
  const pinned = useRef(true);
  const state = chat.value;
  const messages = state?.messages ?? [];
  const last = messages.at(-1);

  useLayoutEffect(() => {
    const el = ref.current;
    if (el && pinned.current) el.scrollTop = el.scrollHeight;
  });

  const onScroll = () => {
    const el = ref.current;
    if (el) pinned.current = el.scrollHeight - el.scrollTop - el.clientHeight < 40;
  };

  return (
    <div
      class="messages"
      ref={ref}
      onScroll={onScroll}
      role="log"
      aria-label="Conversation"
      aria-live="polite"
      data-testid="chat-list"
    >
      {messages.length === 0 ? (
        <div class="empty">
          <p>Ask about this page, or switch to Act to let Weaverbird operate it.</p>
          <p class="hint">
            <kbd>Enter</kbd> sends, <kbd>Shift</kbd>+<kbd>Enter</kbd> adds a line, <kbd>Esc</kbd> stops a running task.
          </p>
        </div>
      ) : (
        messages.map((m) => (
          <Message key={m.id} message={m} streaming={busy.value && m === last && m.role === 'assistant'} />
        ))
      )}
    </div>
  );
}
