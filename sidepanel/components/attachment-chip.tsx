import { useEffect, useState } from 'preact/hooks';
import {
  attachmentKey,
  describeAttachment,
  parseAttachment,
  suggestedQuestion,
  type Attachment,
} from '../../shared/attachment';
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
  useEffect(() => {
    if (id === null) return;
    const key = attachmentKey(id);
    let live = true;
    const show = (raw: unknown) => {
      if (!live) return;
      const a = parseAttachment(raw);
      setAttachment(a);
      // An empty composer gets a question to send or edit.
      if (a && draft.value.trim() === '') setDraft(suggestedQuestion(a));
    };
    void chrome.storage.session.get(key).then((v) => show(v[key]));
    const onChanged = (changes: Record<string, chrome.storage.StorageChange>, area: string) => {
      const change = changes[key];
      if (area === 'session' && change) show(change.newValue);
    };
    chrome.storage.onChanged?.addListener(onChanged);
    return () => {
      live = false;
      chrome.storage.onChanged?.removeListener(onChanged);
    };
  }, [id]);
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
