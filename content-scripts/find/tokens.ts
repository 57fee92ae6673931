/**
 * Query words for `find`. A query is a natural-language description ("the past link in the top
 * navigation bar"), so closed-class function words carry no signal: they score nothing on their own,
 * in phrase runs or per token (see docs/find.md). Role words ("button", "link", "field") match the
 * candidate's role, not its name.
 */

/** Closed-class English words (articles, prepositions, pronouns, auxiliaries, conjunctions). */
const FUNCTION_WORDS: ReadonlySet<string> = new Set(
  (
    'a an the of in on at to for from with by about into onto over under up out off as than then and or but nor so ' +
    'if that this these those there here it its is are was were be been being am i me my mine we us our you your ' +
    'he him his she her they them their which who whom whose what when where why how all any some do does did ' +
    'can could will would should may might must shall please lets let want need find click press ' +
    'thing called named labelled labeled says said via inside within'
  ).split(' '),
);

/** Words that name a role (or a family of roles) rather than an element's label. */
const ROLE_WORDS: Readonly<Record<string, readonly string[]>> = {
  button: ['button'],
  btn: ['button'],
  icon: ['button', 'link', 'img'],
  link: ['link'],
  field: ['textbox', 'searchbox', 'combobox', 'spinbutton'],
  input: ['textbox', 'searchbox', 'combobox', 'spinbutton', 'checkbox', 'radio', 'slider'],
  box: ['textbox', 'searchbox', 'combobox', 'checkbox'],
  textbox: ['textbox', 'searchbox'],
  checkbox: ['checkbox', 'switch'],
  toggle: ['switch', 'checkbox', 'button'],
  switch: ['switch'],
  radio: ['radio'],
  option: ['option', 'radio'],
  dropdown: ['combobox', 'listbox'],
  select: ['combobox', 'listbox'],
  combobox: ['combobox'],
  list: ['list', 'listbox'],
  tab: ['tab'],
  menu: ['menu', 'menubar'],
  item: ['menuitem', 'listitem', 'option', 'menuitemcheckbox', 'menuitemradio'],
  slider: ['slider'],
  heading: ['heading'],
  title: ['heading'],
  table: ['table', 'grid', 'treegrid'],
  grid: ['grid', 'table', 'treegrid'],
  dialog: ['dialog', 'alertdialog'],
  modal: ['dialog', 'alertdialog'],
  image: ['img'],
  navigation: ['navigation'],
  nav: ['navigation'],
  toolbar: ['toolbar'],
  panel: ['tabpanel', 'tab', 'region'],
  section: ['region'],
  form: ['form'],
  row: ['row'],
  cell: ['cell', 'gridcell'],
};

export interface QueryWords {
  /** Every word, lower-cased, in order (function words included: they may sit inside a phrase run). */
  all: string[];
  /** Whether each word of `all` is a content word. */
  content: boolean[];
  /** Content words: what names, test ids and text are matched against (role words too: "Switch account"). */
  label: string[];
  /** Roles the query names. */
  roles: Set<string>;
  /** The content words that name roles ("button"): no cost when they hit the role instead of the name. */
  roleWords: Set<string>;
}

/** Lower-cased words with edge punctuation dropped ("#19999" keeps its digits, "order," its letters). */
export function words(text: string): string[] {
  const out: string[] = [];
  for (const raw of text.toLowerCase().split(/\s+/)) {
    const w = raw.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
    if (w) out.push(w);
  }
  return out;
}

export function parseQuery(query: string): QueryWords {
  const all = words(query);
  const content = all.map((w) => !FUNCTION_WORDS.has(w));
  // A query of nothing but function words ("what is this") still has to match something.
  if (!content.some(Boolean)) content.fill(true);
  const label: string[] = [];
  const roles = new Set<string>();
  const roleWords = new Set<string>();
  all.forEach((w, i) => {
    if (!content[i]) return;
    label.push(w);
    const named = ROLE_WORDS[w];
    if (!named) return;
    roleWords.add(w);
    for (const r of named) roles.add(r);
  });
  return { all, content, label, roles, roleWords };
}

/** A test id as words: `format-underline`, `formatUnderline`, `format_underline` → "format underline". */
export function testIdWords(value: string): string {
  return value
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[-_.:/]+/g, ' ')
    .toLowerCase()
    .trim();
}
