import { useMemo } from 'preact/hooks';
import { renderMarkdown } from '../lib/markdown';

/** Sanitized Markdown (see lib/markdown.ts for why and how). */
export function MarkdownView({ text }: { text: string }) {
  const html = useMemo(() => renderMarkdown(text), [text]);
  return <div class="markdown" dangerouslySetInnerHTML={{ __html: html }} />;
}
