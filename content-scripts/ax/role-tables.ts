/**
 * Static role data from WAI-ARIA 1.3 (§5.4 definitions), DPUB-ARIA 1.1 and Graphics-ARIA 1.0.
 */

/** Concrete roles an author may set. Abstract roles (command, composite, input, landmark, range,
 * roletype, section, sectionhead, select, structure, widget, window) are absent on purpose:
 * WAI-ARIA §5.3.1 says authors MUST NOT use them and UAs treat them as unknown tokens. */
export const CONCRETE_ROLES: ReadonlySet<string> = new Set([
  'alert', 'alertdialog', 'application', 'article', 'banner', 'blockquote', 'button', 'caption',
  'cell', 'checkbox', 'code', 'columnheader', 'combobox', 'comment', 'complementary', 'contentinfo',
  'definition', 'deletion', 'dialog', 'directory', 'document', 'emphasis', 'feed', 'figure', 'form',
  'generic', 'grid', 'gridcell', 'group', 'heading', 'image', 'img', 'insertion', 'link', 'list',
  'listbox', 'listitem', 'log', 'main', 'mark', 'marquee', 'math', 'menu', 'menubar', 'menuitem',
  'menuitemcheckbox', 'menuitemradio', 'meter', 'navigation', 'none', 'note', 'option',
  'paragraph', 'presentation', 'progressbar', 'radio', 'radiogroup', 'region', 'row', 'rowgroup',
  'rowheader', 'scrollbar', 'search', 'searchbox', 'sectionfooter', 'sectionheader', 'separator',
  'slider', 'spinbutton', 'status', 'strong', 'subscript', 'suggestion', 'superscript', 'switch',
  'tab', 'table', 'tablist', 'tabpanel', 'term', 'textbox', 'time', 'timer', 'toolbar', 'tooltip',
  'tree', 'treegrid', 'treeitem',
  // DPUB-ARIA 1.1
  'doc-abstract', 'doc-acknowledgments', 'doc-afterword', 'doc-appendix', 'doc-backlink',
  'doc-biblioentry', 'doc-bibliography', 'doc-biblioref', 'doc-chapter', 'doc-colophon',
  'doc-conclusion', 'doc-cover', 'doc-credit', 'doc-credits', 'doc-dedication', 'doc-endnote',
  'doc-endnotes', 'doc-epigraph', 'doc-epilogue', 'doc-errata', 'doc-example', 'doc-footnote',
  'doc-foreword', 'doc-glossary', 'doc-glossref', 'doc-index', 'doc-introduction', 'doc-noteref',
  'doc-notice', 'doc-pagebreak', 'doc-pagefooter', 'doc-pageheader', 'doc-pagelist', 'doc-part',
  'doc-preface', 'doc-prologue', 'doc-pullquote', 'doc-qna', 'doc-subtitle', 'doc-tip', 'doc-toc',
  // Graphics-ARIA 1.0
  'graphics-document', 'graphics-object', 'graphics-symbol',
]);

/** Synonyms folded to the role user agents report (WAI-ARIA 1.3: img→image; 1.2 §4.1 presentation
 * ≡ none; 1.2 deprecates directory in favour of list). */
export const ROLE_SYNONYMS: Readonly<Record<string, string>> = {
  img: 'image',
  presentation: 'none',
  directory: 'list',
};

/** Global states and properties (WAI-ARIA 1.2 §6.4). Their presence on an element with role
 * none/presentation makes the UA ignore the presentational role (§4.6 conflict resolution). */
export const GLOBAL_ARIA_ATTRIBUTES: readonly string[] = [
  'aria-atomic', 'aria-braillelabel', 'aria-brailleroledescription', 'aria-busy', 'aria-controls',
  'aria-current', 'aria-describedby', 'aria-description', 'aria-details', 'aria-disabled',
  'aria-dropeffect', 'aria-errormessage', 'aria-flowto', 'aria-grabbed', 'aria-haspopup',
  'aria-invalid', 'aria-keyshortcuts', 'aria-label', 'aria-labelledby', 'aria-live', 'aria-owns',
  'aria-relevant', 'aria-roledescription',
];

/**
 * Roles that are only valid inside a given context (WAI-ARIA §5.2.6 "Required Context Role").
 * Chromium, like the WPT expectations, drops such a role when its context is missing and falls
 * back to the element's implicit role. `cell`, `row` and the headers are lenient in practice.
 */
export const REQUIRED_CONTEXT: Readonly<Record<string, readonly string[]>> = {
  listitem: ['list', 'directory'],
  option: ['listbox', 'group', 'combobox'],
  menuitem: ['menu', 'menubar', 'group'],
  menuitemcheckbox: ['menu', 'menubar', 'group'],
  menuitemradio: ['menu', 'menubar', 'group'],
  tab: ['tablist'],
  treeitem: ['tree', 'group'],
  gridcell: ['row'],
};

/** Roles whose name may come from their content (WAI-ARIA 1.3 "Name From: contents"). */
export const NAME_FROM_CONTENT_ROLES: ReadonlySet<string> = new Set([
  'button', 'cell', 'checkbox', 'columnheader', 'comment', 'gridcell', 'heading', 'link',
  'menuitem', 'menuitemcheckbox', 'menuitemradio', 'option', 'radio', 'row', 'rowheader',
  'sectionfooter', 'sectionheader', 'switch', 'tab', 'tooltip', 'treeitem', 'doc-backlink',
  'doc-biblioref', 'doc-glossref', 'doc-noteref', 'term', 'suggestion',
]);
