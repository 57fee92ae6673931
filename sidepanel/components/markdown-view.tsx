import { useMemo, useState } from 'preact/hooks';
import { linkMismatch } from '../lib/link-check';
import { renderMarkdown } from '../lib/markdown';
import { LinkConfirm, type PendingLink } from './link-confirm';

/**
 * Sanitized Markdown (see lib/markdown.ts for why and how). A click on a link whose text names another
 * host than its destination is held and shown for a yes first (lib/link-check.ts); other links open
 * as the sanitizer left them (`target=_blank rel="noopener noreferrer"`).
 */
export function MarkdownView({ text }: { text: string }) {
  const html = useMemo(() => renderMarkdown(text), [text]);
  const [pending, setPending] = useState<PendingLink | null>(null);
  // `click` covers the primary button and Enter on a focused link; a middle click fires only `auxclick`.
  const onClick = (e: MouseEvent) => {
    const target = e.target instanceof Element ? e.target.closest('a[href]') : null;
    if (!(target instanceof HTMLAnchorElement)) return;
    const mismatch = linkMismatch(target.textContent ?? '', target.href);
    if (!mismatch) return;
    e.preventDefault();
    setPending({ ...mismatch, href: target.href });
  };
  const open = () => {
    if (pending) window.open(pending.href, '_blank', 'noopener,noreferrer');
    setPending(null);
  };
  return (
    <>
      <div class="markdown" onClick={onClick} onAuxClick={onClick} dangerouslySetInnerHTML={{ __html: html }} />
      {pending && <LinkConfirm link={pending} onOpen={open} onCancel={() => setPending(null)} />}
    </>
  );
}
