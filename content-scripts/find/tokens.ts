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

/** Roles a person names by what they are ("the status message"): ARIA 1.2 §5.3.7 live regions, tooltips. */
export const LIVE_ROLES: ReadonlySet<string> = new Set([
  'status',
  'alert',
  'alertdialog',
  'log',
  'marquee',
  'timer',
  'progressbar',
  'tooltip',
]);

/** Words that name a role (or a family of roles) rather than an element's label. */
const ROLE_WORDS: Readonly<Record<string, readonly string[]>> = {
  button: ['button'],
  btn: ['button'],
  // "submit the form": the form's submit button is a button (its name is often something else: "Sign up").
  submit: ['button'],
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
  // Messages the page shows: live regions (ARIA 1.2 §5.3.7) are what "the status message" names.
  status: ['status'],
  alert: ['alert', 'alertdialog'],
  message: ['status', 'alert', 'alertdialog', 'log'],
  toast: ['status', 'alert'],
  notification: ['status', 'alert'],
  progress: ['progressbar'],
  tooltip: ['tooltip'],
  section: ['region'],
  form: ['form'],
  row: ['row'],
  cell: ['cell', 'gridcell'],
};

/**
 * Words UI labels use for the same action or thing ("remove the mug" for a "Delete item" button). A
 * synonym hit counts as a weaker name hit than the word itself (rank.ts), never in phrase runs, and
 * only as a whole word (a plural too): "prev" must not find "Preview".
 * Groups, not chains: every word of a group stands for every other.
 */
const SYNONYM_GROUPS: readonly (readonly string[])[] = [
  ['remove', 'delete', 'trash', 'discard'],
  ['close', 'dismiss'],
  ['add', 'create'],
  ['edit', 'change', 'modify', 'update', 'rename'],
  ['search', 'lookup'],
  ['send', 'submit'],
  ['buy', 'purchase', 'checkout', 'pay'],
  ['login', 'signin'],
  ['logout', 'signout'],
  ['signup', 'register'],
  ['settings', 'preferences', 'options'],
  ['next', 'continue', 'proceed', 'forward'],
  ['back', 'previous', 'prev'],
  ['help', 'support', 'faq'],
  ['cart', 'basket', 'bag'],
  ['email', 'e-mail', 'mail'],
  ['phone', 'telephone', 'mobile'],
  ['picture', 'photo', 'image', 'avatar'],
  ['account', 'profile'],
  ['quantity', 'qty', 'amount'],
  ['upload', 'attach'],
  ['download', 'export'],
  ['refresh', 'reload'],
  ['favorite', 'favourite', 'star', 'bookmark'],
  ['color', 'colour'],
  ['payment', 'paid', 'pay'],
];

const SYNONYMS: ReadonlyMap<string, readonly string[]> = (() => {
  const out = new Map<string, string[]>();
  for (const group of SYNONYM_GROUPS) {
    for (const w of group) out.set(w, [...(out.get(w) ?? []), ...group.filter((x) => x !== w)]);
  }
  return out;
})();

/** Other words for a query word ([] when none). */
export function synonymsOf(word: string): readonly string[] {
  return SYNONYMS.get(word) ?? [];
}

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

/**
 * Second halves of compounds UI labels are often written apart ("Sign up", "Check out", "User name"),
 * so a query word written together ("signup") is also looked for split before one of them. The ranker
 * matches any two or three adjacent name words written together (rank.ts); this list only lets the
 * cheap pre-pass (prefilter.ts) see such names without a regular expression over every text.
 */
const COMPOUND_TAILS: readonly string[] = [
  'up',
  'in',
  'out',
  'on',
  'off',
  'down',
  'back',
  'box',
  'bar',
  'name',
  'word',
  'page',
  'list',
  'mail',
  'site',
  'board',
  'book',
  'line',
  'time',
  'card',
  'cart',
  'code',
  'key',
];

/** `word` split before a known compound tail ("signup" → "sign up"), for the pre-pass. */
export function compoundSplits(label: readonly string[]): string[] {
  const out: string[] = [];
  for (const w of label) {
    for (const tail of COMPOUND_TAILS) {
      if (w.length > tail.length + 1 && w.endsWith(tail)) out.push(`${w.slice(0, -tail.length)} ${tail}`);
    }
  }
  return out;
}

/** A test id as words: `format-underline`, `formatUnderline`, `format_underline` → "format underline". */
export function testIdWords(value: string): string {
  return value
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[-_.:/]+/g, ' ')
    .toLowerCase()
    .trim();
}
