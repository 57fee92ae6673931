import { useState } from 'preact/hooks';
import {
  attachmentKey,
  describeAttachment,
  parseAttachment,
  suggestedQuestion,
  type Attachment,
} from '../../shared/attachment';
import { useSessionKey } from '../lib/use-session-key';
import { draft, setDraft, tabId } from '../store';

/** The host the attachment was taken on: it is tied to that site (shared/attachment.ts). */
function sourceHost(a: Attachment): string {
  try {
    return new URL(a.pageUrl).host;
  } catch {
    return '';
  }
}

/**
 * What "Ask Weaverbird about this" attached to the tab's next task: shown above the composer with a
 * remove button; the worker takes it when the task starts (background/entry-points.ts).
 */
export function AttachmentChip() {
  const [attachment, setAttachment] = useState<Attachment | null>(null);
  const id = tabId.value;
  useSessionKey(id === null ? null : attachmentKey(id), (raw) => {
    const a = parseAttachment(raw);
    setAttachment(a);
    // An empty composer gets a question to send or edit.
    if (a && draft.value.trim() === '') setDraft(suggestedQuestion(a));
  });
  if (!attachment || id === null) return null;
  return (
    <p class="attachment-chip" data-testid="attachment">
      <span>
        Asking about {describeAttachment(attachment)}
        {sourceHost(attachment) && <span class="attachment-source"> from {sourceHost(attachment)}</span>}
      </span>
      <button
        type="button"
        class="link-button"
        aria-label="Remove the attachment"
        onClick={() => void chrome.storage.session.remove(attachmentKey(id))}
      >
        ×
      </button>
    </p>
  );
}
