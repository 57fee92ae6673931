import type { LinkMismatch } from '../lib/link-check';

export interface PendingLink extends LinkMismatch {
  href: string;
}

/**
 * Asks before a link whose text names another host opens (lib/link-check.ts). The whole destination
 * is shown, wrapped, never cut: the part after a long path is where a payload would hide. Panel UI, not
 * `window.confirm`, so it cannot be mistaken for a page's dialog and is testable in the panel's DOM.
 */
export function LinkConfirm({ link, onOpen, onCancel }: { link: PendingLink; onOpen(): void; onCancel(): void }) {
  return (
    <div class="link-confirm" role="alertdialog" aria-labelledby="link-confirm-title" data-testid="link-confirm">
      <p id="link-confirm-title" class="link-confirm-title">
        This link says <strong>{link.named}</strong> but opens <strong>{link.destination}</strong>
      </p>
      <p class="link-confirm-url">{link.href}</p>
      <div class="link-confirm-actions">
        <button type="button" class="button-quiet" onClick={onCancel}>
          Cancel
        </button>
        <button type="button" class="button-quiet" onClick={onOpen}>
          Open {link.destination}
        </button>
      </div>
    </div>
  );
}
