/**
 * Which roles print, carry names, hide their children, or give context: the tree builder's tables.
 */

/** Inline text-level roles (WAI-ARIA 1.2 document structure roles; HTML-AAM maps strong, em, code, … to them). */
const INLINE_TEXT_ROLES = [
  'strong',
  'emphasis',
  'code',
  'time',
  'mark',
  'deletion',
  'insertion',
  'subscript',
  'superscript',
] as const;

/** Roles that print only when they carry a ref or a name: wrappers and inline formatting. */
export const QUIET_ROLES: ReadonlySet<string> = new Set([
  'generic',
  'none',
  'paragraph',
  ...INLINE_TEXT_ROLES,
  'term',
  'definition',
  'blockquote',
  'caption',
  'rowgroup',
  'separator',
  'group',
  'image',
  'graphics-document',
  'graphics-symbol',
  'figure',
  'sectionheader',
  'sectionfooter',
  'document',
]);

/** Roles whose name would only repeat their children's text (rows: the cells say it). */
export const NAME_FROM_CHILDREN_ONLY: ReadonlySet<string> = new Set([
  'generic',
  'none',
  'paragraph',
  'row',
  'rowgroup',
  'listitem',
  'list',
  ...INLINE_TEXT_ROLES,
  'blockquote',
  // Cells and headers print their content as children: a name would repeat it (and a cell's link
  // would appear twice), and skipping it saves a second walk over every big table.
  'cell',
  'columnheader',
  'rowheader',
]);

/** WAI-ARIA "Children Presentational: True": one table, kept with the other role tables. */
export { PRESENTATIONAL_CHILDREN_ROLES as PRESENTATIONAL_CHILDREN } from './role-tables';

export const FIELD_ROLES: ReadonlySet<string> = new Set([
  'textbox',
  'searchbox',
  'combobox',
  'spinbutton',
  'checkbox',
  'radio',
  'switch',
  'slider',
  'listbox',
]);

/** Elements whose DOM children are not content: replaced elements, form fields, embedded docs. */
export const LEAF_TAGS: ReadonlySet<string> = new Set([
  'input',
  'textarea',
  'iframe',
  'frame',
  'object',
  'embed',
  'img',
  'video',
  'audio',
  'canvas',
  'svg',
  'math',
  'hr',
  'meter',
  'progress',
]);

export const CONTEXT_ROLES: ReadonlySet<string> = new Set(['heading', 'dialog', 'alertdialog']);
