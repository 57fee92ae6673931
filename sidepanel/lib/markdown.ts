/**
 * Model output is untrusted (a page can inject text the model repeats), so Markdown is rendered by
 * `marked` and the HTML then passes DOMPurify before it reaches the DOM.
 *
 * Beyond DOMPurify's XSS defaults: images are never loaded (a Markdown image whose URL carries page data
 * is the classic exfiltration channel for prompt injection; it would be fetched without a click), so they
 * render as plain links; links open in a new tab (a click must not navigate the panel itself); and only
 * http(s) and mailto links survive.
 */
import DOMPurify from 'dompurify';
import { Marked } from 'marked';

const marked = new Marked({
  gfm: true,
  breaks: true,
  async: false,
  renderer: {
    image({ href, text }) {
      const label = text.trim() === '' ? 'image' : text;
      return `<a href="${escapeAttr(href)}">[image: ${escapeText(label)}]</a>`;
    },
  },
});

function escapeAttr(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}
function escapeText(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

const SAFE_LINK = /^(https?:|mailto:)/i;
let purifier: ReturnType<typeof DOMPurify> | null = null;

function getPurifier(): ReturnType<typeof DOMPurify> {
  if (purifier) return purifier;
  const p = DOMPurify(window);
  p.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName !== 'A') return;
    const href = node.getAttribute('href') ?? '';
    if (!SAFE_LINK.test(href)) {
      node.removeAttribute('href');
      return;
    }
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer');
  });
  purifier = p;
  return p;
}

/** Markdown → sanitized HTML, safe for `dangerouslySetInnerHTML`. */
export function renderMarkdown(text: string): string {
  const html = marked.parse(text);
  if (typeof html !== 'string') return '';
  return getPurifier().sanitize(html, {
    FORBID_TAGS: [
      'img',
      'picture',
      'video',
      'audio',
      'source',
      'iframe',
      'form',
      'input',
      'button',
      'style',
      'svg',
      'math',
    ],
    FORBID_ATTR: ['style', 'srcset', 'ping'],
    ADD_ATTR: ['target'],
  });
}
