/**
 * Line formatting for the text tree:
 *   role "name" [ref_N] href="…" type="…" placeholder="…" value="…" {states} [data-testid="…"]: "text"
 * Every piece is printed only when it tells the model something the role and name do not. The
 * DOM-free pieces (quoting, cutting, role and state short forms) live in shared/tree-print.ts, shared
 * with Chrome's tree and PDFs; this file adds what needs an Element (attributes, link targets).
 */
import { attrPart, cap, collapse, hintPart, type Capper } from '../../shared/tree-print';

export { cap, collapse, formatStates, printedRole, quote, type Capper } from '../../shared/tree-print';

/** Input types a role already implies; any other type (email, password, submit…) is printed. */
const IMPLIED_INPUT_TYPE: Readonly<Record<string, string>> = {
  textbox: 'text',
  searchbox: 'search',
  spinbutton: 'number',
  checkbox: 'checkbox',
  radio: 'radio',
  slider: 'range',
  switch: 'checkbox',
  button: 'button',
};

/** The document's base URL with its origin read once (URL.origin builds a new string per read). */
export interface PageBase {
  url: URL;
  origin: string;
}

export function pageBase(href: string): PageBase | null {
  try {
    const url = new URL(href);
    return { url, origin: url.origin };
  } catch {
    return null;
  }
}

const UNSAFE_FOR_FAST_PATH = /[\s\\%]|\/\.\.?(?:[/?#]|$)/;

/**
 * A link target as the model needs it: same-origin URLs lose the origin (shorter, and the page's
 * origin is in the result's url), `javascript:` URLs are dropped since they cannot be navigated to.
 */
function shortenUrl(raw: string, base: PageBase | null, capper: Capper): string | null {
  const trimmed = raw.trim();
  if (!trimmed || /^javascript:/i.test(trimmed)) return null;
  if (trimmed.charCodeAt(0) === 35) return samePageTarget(trimmed, capper);
  // Fast paths for the common shapes (root-relative and same-origin absolute URLs): URL parsing
  // is the costliest step of a link's line on link-heavy pages.
  if (base && base.origin !== 'null' && !UNSAFE_FOR_FAST_PATH.test(trimmed)) {
    if (trimmed.charCodeAt(0) === 47 && trimmed.charCodeAt(1) !== 47) return cap(trimmed, capper);
    if (trimmed.startsWith(base.origin) && trimmed.charCodeAt(base.origin.length) === 47) {
      return cap(trimmed.slice(base.origin.length), capper);
    }
  }
  let url: URL;
  try {
    url = new URL(trimmed, base?.url);
  } catch {
    return cap(trimmed, capper);
  }
  if (base && url.origin === base.origin && base.origin !== 'null') {
    const page = base.url;
    if (url.pathname === page.pathname && url.search === page.search && url.hash) {
      return samePageTarget(url.hash, capper);
    }
    return cap(`${url.pathname}${url.search}${url.hash}`, capper);
  }
  return cap(url.href, capper);
}

/**
 * A jump to a place on this page (`#notes`, or `#` alone) says nothing the link's name does not, and
 * clicking is how to follow it: no href. A hash route (`#/settings`, `#!/x`) is a destination: kept.
 */
function samePageTarget(hash: string, capper: Capper): string | null {
  return /^#[/!]/.test(hash) ? cap(hash, capper) : null;
}

export interface AttrInput {
  el: Element;
  role: string;
  name: string;
  value: string | undefined;
  base: PageBase | null;
  capper: Capper;
  testIdAttributes: readonly string[];
}

/** The attribute part of a line (leading space included), or ''. */
export function formatAttrs({ el, role, name, value, base, capper, testIdAttributes }: AttrInput): string {
  let out = '';
  const tag = el.localName;
  if (role === 'link' || tag === 'a' || tag === 'area') {
    const href = el.getAttribute('href');
    const short = href === null ? null : shortenUrl(href, base, capper);
    // A link whose text is its URL (`https://example.org/docs`) already says where it goes.
    if (short && short !== name && href?.trim() !== name) out += attrPart('href', short);
  } else if (tag === 'iframe' || tag === 'frame') {
    const src = el.getAttribute('src');
    const short = src === null ? null : shortenUrl(src, base, capper);
    if (short) out += attrPart('src', short);
  }
  if (tag === 'input') {
    const type = (el.getAttribute('type') ?? 'text').trim().toLowerCase() || 'text';
    // A submit input is a button like a <button> (whose type="submit" is not printed either), and so is
    // an image button: HTML §4.10.5.1.20, the Image Button state submits the form, its name is the alt.
    const submits = role === 'button' && (type === 'submit' || type === 'image');
    const implied = IMPLIED_INPUT_TYPE[role] === type || submits;
    if (!implied && !(role === 'combobox' && type === 'text')) out += attrPart('type', type);
  } else if (tag === 'button') {
    // A <button> submits its form unless told otherwise (HTML §4.10.6 type's missing value default
    // is Submit), so type="submit" says nothing new; reset is the one that matters.
    if (el.getAttribute('type')?.trim().toLowerCase() === 'reset') out += attrPart('type', 'reset');
  }
  const placeholder = el.getAttribute('placeholder') ?? el.getAttribute('aria-placeholder');
  if (placeholder) {
    const p = collapse(placeholder).trim();
    if (p && p !== name) out += attrPart('placeholder', cap(p, capper));
  }
  if (value !== undefined && value !== '' && value !== name) {
    const masked = tag === 'input' && el.getAttribute('type')?.trim().toLowerCase() === 'password';
    // Never send a password to the model; its presence is what matters for filling forms.
    out += attrPart('value', masked ? '••••' : cap(collapse(value), capper));
  }
  for (const attr of testIdAttributes) {
    const v = el.getAttribute(attr);
    if (v !== null && v !== '') out += hintPart(attr, cap(v, capper));
  }
  return out;
}
