/**
 * Computed role per WAI-ARIA 1.2/1.3 (§4.6 presentational conflicts, §5.2.6 required context) and
 * HTML-AAM §4 element mappings, SVG-AAM §6.2 for SVG.
 */
import { axParent } from './aria-owns';
import { flatParent } from './flat-tree';
import {
  CONCRETE_ROLES,
  GLOBAL_ARIA_ATTRIBUTES,
  PRESENTATIONAL_CHILDREN_ROLES,
  REQUIRED_CONTEXT,
  ROLE_SYNONYMS,
} from './role-tables';
import type { AxContext } from './style-cache';

const HTML_NS = 'http://www.w3.org/1999/xhtml';
const SVG_NS = 'http://www.w3.org/2000/svg';
const MATHML_NS = 'http://www.w3.org/1998/Math/MathML';

/** Valid explicit role tokens in author order (role="foo button" → ['button']). */
export function explicitRoleTokens(el: Element): string[] {
  const attr = el.getAttribute('role');
  if (!attr) return [];
  const out: string[] = [];
  // WAI-ARIA §7.1: the role attribute is a set of ASCII-whitespace separated tokens, compared
  // ASCII case-insensitively; other Unicode spaces are part of a (then invalid) token.
  for (const raw of attr.split(/[\t\n\f\r ]+/)) {
    const token = raw.toLowerCase();
    if (CONCRETE_ROLES.has(token)) out.push(ROLE_SYNONYMS[token] ?? token);
  }
  return out;
}

/** `c` is required: the name lookup it carries is how a role that needs a name asks for one. */
export function computeRole(el: Element, c: AxContext): string {
  const hit = c.roles.get(el);
  if (hit !== undefined) return hit;
  // A role that needs a name (img alt="", section, aside) whose name refers back to the element
  // itself through aria-labelledby: answer 'generic' for the inner question instead of looping.
  if (c.rolesInProgress.has(el)) return 'generic';
  c.rolesInProgress.add(el);
  let role: string;
  try {
    role = applyMinimumRole(el, resolveRole(el, c));
  } finally {
    c.rolesInProgress.delete(el);
  }
  c.roles.set(el, role);
  return role;
}

function resolveRole(el: Element, c: AxContext): string {
  for (const token of explicitRoleTokens(el)) {
    if (token === 'none') {
      // §4.6: a focusable element or one with global ARIA attributes keeps its implicit role.
      if (isFocusable(el) || hasGlobalAriaAttribute(el)) return implicitRole(el, c);
      return 'none';
    }
    // Landmarks that need a name (region, form) fall through to the next token when unnamed.
    if ((token === 'region' || token === 'form') && !c.nameLookup.forRole(el, token, c)) continue;
    const context = REQUIRED_CONTEXT[token];
    if (context && !hasContext(el, token, context, c)) continue;
    return token;
  }
  return implicitRole(el, c);
}

/**
 * HTML-AAM "minimum role": an element that would be generic or none but carries a behaviour the
 * user can act on (autofocus, draggable, popover) is exposed as a group so it is not pruned.
 */
function applyMinimumRole(el: Element, role: string): string {
  if (role !== 'generic' && role !== 'none') return role;
  if (el.namespaceURI !== HTML_NS) return role;
  const draggable = el.getAttribute('draggable');
  if (
    el.hasAttribute('autofocus') ||
    el.hasAttribute('popover') ||
    (draggable !== null && draggable.toLowerCase() !== 'false' && draggable.toLowerCase() !== 'auto')
  ) {
    return 'group';
  }
  return role;
}

/** True when the role makes its descendants presentational, so a walker may stop at it. */
export function hasPresentationalChildren(role: string): boolean {
  return PRESENTATIONAL_CHILDREN_ROLES.has(role);
}

function hasGlobalAriaAttribute(el: Element): boolean {
  for (const name of GLOBAL_ARIA_ATTRIBUTES) if (el.hasAttribute(name)) return true;
  return false;
}

/** HTML "focusable area" approximation without layout: tabindex or a natively focusable control. */
export function isFocusable(el: Element): boolean {
  if (el.namespaceURI !== HTML_NS && el.namespaceURI !== SVG_NS) return false;
  const tabindex = el.getAttribute('tabindex');
  if (tabindex !== null && /^\s*[-+]?\d+\s*$/.test(tabindex)) return true;
  return isNativelyFocusable(el);
}

/** isFocusable without the tabindex test, for a caller that has already read tabindex. */
export function isNativelyFocusable(el: Element): boolean {
  const ns = el.namespaceURI;
  if (ns === SVG_NS) return el.localName === 'a' && hasHref(el);
  if (ns !== HTML_NS) return false;
  switch (el.localName) {
    case 'a':
    case 'area':
      return el.hasAttribute('href');
    case 'button':
    case 'select':
    case 'textarea':
      return !el.matches(':disabled');
    case 'input':
      return el.getAttribute('type')?.toLowerCase() !== 'hidden' && !el.matches(':disabled');
    case 'iframe':
      return true;
    case 'summary':
      return el.parentElement?.localName === 'details' && el.parentElement.querySelector(':scope > summary') === el;
    case 'audio':
    case 'video':
      return el.hasAttribute('controls');
    default:
      return isContentEditableHost(el);
  }
}

function isContentEditableHost(el: Element): boolean {
  const v = el.getAttribute('contenteditable');
  if (v === null) return false;
  const lower = v.toLowerCase();
  return lower === '' || lower === 'true' || lower === 'plaintext-only';
}

function hasHref(el: Element): boolean {
  return el.hasAttribute('href') || el.hasAttributeNS('http://www.w3.org/1999/xlink', 'href');
}

/** Where a `group` may sit for its items to count as in context (menu>group>menuitem…). */
const GROUP_OWNERS: Readonly<Record<string, readonly string[]>> = {
  option: ['listbox'],
  menuitem: ['menu', 'menubar'],
  menuitemcheckbox: ['menu', 'menubar'],
  menuitemradio: ['menu', 'menubar'],
  treeitem: ['tree', 'treeitem'],
};

/** The context is the accessibility-tree parent: an aria-owns owner counts (WAI-ARIA §5.2.6, §6.6). */
function hasContext(el: Element, role: string, context: readonly string[], c: AxContext): boolean {
  let p = axParent(el, c);
  let parentRole: string | null = null;
  for (; p; p = axParent(p, c)) {
    parentRole = computeRole(p, c);
    if (parentRole !== 'generic' && parentRole !== 'none') break;
  }
  if (!p || parentRole === null || !context.includes(parentRole)) return false;
  if (parentRole !== 'group') return true;
  const owners = GROUP_OWNERS[role];
  if (!owners) return false;
  for (let q = axParent(p, c); q; q = axParent(q, c)) {
    const r = computeRole(q, c);
    if (r === 'generic' || r === 'none') continue;
    return owners.includes(r);
  }
  return false;
}

const SIMPLE_IMPLICIT: Readonly<Record<string, string>> = {
  address: 'group',
  article: 'article',
  blockquote: 'blockquote',
  button: 'button',
  caption: 'caption',
  code: 'code',
  datalist: 'listbox',
  dd: 'definition',
  del: 'deletion',
  details: 'group',
  dfn: 'term',
  dialog: 'dialog',
  dir: 'list',
  dl: 'list',
  dt: 'term',
  em: 'emphasis',
  fieldset: 'group',
  figure: 'figure',
  h1: 'heading',
  h2: 'heading',
  h3: 'heading',
  h4: 'heading',
  h5: 'heading',
  h6: 'heading',
  hgroup: 'group',
  hr: 'separator',
  html: 'document',
  iframe: 'iframe',
  ins: 'insertion',
  main: 'main',
  mark: 'mark',
  math: 'math',
  menu: 'list',
  meter: 'meter',
  nav: 'navigation',
  ol: 'list',
  optgroup: 'group',
  option: 'option',
  output: 'status',
  p: 'paragraph',
  progress: 'progressbar',
  s: 'deletion',
  search: 'search',
  strong: 'strong',
  sub: 'subscript',
  summary: 'button',
  sup: 'superscript',
  textarea: 'textbox',
  time: 'time',
  ul: 'list',
  br: 'none',
  wbr: 'none',
  col: 'none',
  colgroup: 'none',
};

const LANDMARK_SCOPE_TAGS = new Set(['article', 'aside', 'main', 'nav', 'section']);
const LANDMARK_SCOPE_ROLES = new Set(['article', 'complementary', 'main', 'navigation', 'region']);
const SECTIONING_TAGS = new Set(['article', 'aside', 'nav', 'section']);

function implicitRole(el: Element, c: AxContext): string {
  const ns = el.namespaceURI;
  if (ns === SVG_NS) return svgRole(el, c);
  if (ns === MATHML_NS) return el.localName === 'math' ? 'math' : 'generic';
  if (ns !== HTML_NS) return 'generic';
  const tag = el.localName;
  const simple = SIMPLE_IMPLICIT[tag];
  if (simple) return simple;
  switch (tag) {
    case 'a':
    case 'area':
      return el.hasAttribute('href') ? 'link' : 'generic';
    case 'aside':
      // HTML-AAM: complementary when scoped to body or main; inside sectioning content only if named.
      if (!hasAncestor(el, (a) => SECTIONING_TAGS.has(a.localName))) return 'complementary';
      return c.nameLookup.forRole(el, 'complementary', c) ? 'complementary' : 'generic';
    case 'header':
    case 'footer':
      // Scoped to sectioning content or main: WAI-ARIA 1.3 sectionheader/sectionfooter (w3c/aria#1931),
      // which Chromium ships, instead of the page-wide banner/contentinfo.
      if (
        hasAncestor(
          el,
          (a) => LANDMARK_SCOPE_TAGS.has(a.localName) || explicitRoleTokens(a).some((r) => LANDMARK_SCOPE_ROLES.has(r)),
        )
      ) {
        return tag === 'header' ? 'sectionheader' : 'sectionfooter';
      }
      return tag === 'header' ? 'banner' : 'contentinfo';
    case 'section':
      return c.nameLookup.forRole(el, 'region', c) ? 'region' : 'generic';
    case 'form':
      return c.nameLookup.forRole(el, 'form', c) ? 'form' : 'generic';
    case 'img':
      return imgRole(el, c);
    case 'input':
      return inputRole(el);
    case 'select':
      return selectIsListBox(el) ? 'listbox' : 'combobox';
    case 'li':
      return listItemRole(el, c);
    case 'table':
      return 'table';
    case 'thead':
    case 'tbody':
    case 'tfoot':
      return tablePartRole(closestTable(el), c, 'rowgroup');
    case 'tr':
      return tablePartRole(closestTable(el), c, 'row');
    case 'td': {
      const table = closestTable(el);
      return tablePartRole(table, c, cellRoleIn(table, c));
    }
    case 'th':
      return tablePartRole(closestTable(el), c, headerRole(el));
    default:
      return 'generic';
  }
}

function hasAncestor(el: Element, test: (a: Element) => boolean): boolean {
  for (let p = flatParent(el); p; p = flatParent(p)) if (test(p)) return true;
  return false;
}

function imgRole(el: Element, c: AxContext): string {
  const alt = el.getAttribute('alt');
  // HTML-AAM: img alt="" is presentational unless it is focusable or gets a name from ARIA.
  if (alt === '' && !isFocusable(el) && !c.nameLookup.hasAuthorLabel(el, c)) return 'none';
  return 'image';
}

export function inputType(el: Element): string {
  return (el.getAttribute('type') ?? 'text').trim().toLowerCase();
}

function inputRole(el: Element): string {
  const type = inputType(el);
  const hasList = el.hasAttribute('list');
  switch (type) {
    case 'button':
    case 'image':
    case 'reset':
    case 'submit':
    case 'file':
    case 'color':
      return 'button';
    case 'checkbox':
      return el.hasAttribute('switch') ? 'switch' : 'checkbox';
    case 'radio':
      return 'radio';
    case 'range':
      return 'slider';
    case 'number':
      return 'spinbutton';
    case 'hidden':
      return 'none';
    case 'search':
      return hasList ? 'combobox' : 'searchbox';
    default:
      // text, email, tel, url, password, date/time types and unknown types (HTML: invalid → text).
      return hasList && ['text', 'email', 'tel', 'url', ''].includes(type) ? 'combobox' : 'textbox';
  }
}

function selectIsListBox(el: Element): boolean {
  if (el.hasAttribute('multiple')) return true;
  const size = Number.parseInt(el.getAttribute('size') ?? '', 10);
  return Number.isFinite(size) && size > 1;
}

function listItemRole(el: Element, c: AxContext): string {
  const parent = flatParent(el);
  if (!parent || !['ul', 'ol', 'menu', 'dir'].includes(parent.localName)) return 'generic';
  const parentRole = computeRole(parent, c);
  // WAI-ARIA §4.6: required owned elements of a presentational list are presentational too.
  if (parentRole === 'none') return 'none';
  return parentRole === 'list' ? 'listitem' : 'generic';
}

function closestTable(el: Element): Element | null {
  for (let p = flatParent(el); p; p = flatParent(p)) if (p.localName === 'table') return p;
  return null;
}

/** `table`: the part's closest table ancestor (closestTable), found once per cell. */
function tablePartRole(table: Element | null, c: AxContext, role: string): string {
  if (!table) return role;
  // Presentational tables pass that on to their rows and cells (WAI-ARIA §4.6).
  return computeRole(table, c) === 'none' ? 'none' : role;
}

function cellRoleIn(table: Element | null, c: AxContext): string {
  const tableRole = table ? computeRole(table, c) : 'table';
  return tableRole === 'grid' || tableRole === 'treegrid' ? 'gridcell' : 'cell';
}

/** HTML-AAM th: scope decides; otherwise a th that shares its row with data cells heads the row. */
function headerRole(el: Element): string {
  const scope = el.getAttribute('scope')?.toLowerCase();
  if (scope === 'row' || scope === 'rowgroup') return 'rowheader';
  if (scope === 'col' || scope === 'colgroup') return 'columnheader';
  const row = el.parentElement;
  if (row?.parentElement?.localName === 'thead') return 'columnheader';
  if (row && Array.from(row.children).some((cell) => cell.localName === 'td')) return 'rowheader';
  return 'columnheader';
}

/** SVG-AAM §6.2: shapes and groups count only when named or described; a[href] is a link. */
function svgRole(el: Element, c: AxContext): string {
  switch (el.localName) {
    case 'svg':
      return flatParent(el)?.namespaceURI === SVG_NS ? 'group' : 'graphics-document';
    case 'a':
      return hasHref(el) ? 'link' : 'group';
    case 'g':
      return c.nameLookup.forRole(el, 'group', c) ? 'group' : 'generic';
    case 'image':
      return c.nameLookup.forRole(el, 'image', c) ? 'image' : 'generic';
    case 'circle':
    case 'ellipse':
    case 'line':
    case 'path':
    case 'polygon':
    case 'polyline':
    case 'rect':
    case 'use':
      return c.nameLookup.forRole(el, 'graphics-symbol', c) ? 'graphics-symbol' : 'generic';
    case 'text':
      return 'group';
    case 'title':
    case 'desc':
    case 'defs':
    case 'style':
    case 'script':
    case 'metadata':
      return 'none';
    default:
      return 'generic';
  }
}
