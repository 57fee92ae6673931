/**
 * The binding between the approval gate's view of a select_option call and its dispatch: the page's
 * gate facts (handlers/gate-facts.ts) record, per list, the option elements the gate judged; the
 * dispatcher (actions/select.ts) refuses to choose any other element. A page that rebuilds its
 * options when the list opens (after the gate asked, before the click) cannot slip a different
 * option under an approved or unremarkable one.
 *
 * Shared by both content bundles through the frame's isolated world (as the ref registry is); each
 * judgement is used once.
 */
import { squish } from '../../shared/text';

interface Scope {
  __wbJudgedChoice?: unknown;
}

interface Judged {
  options: ReadonlySet<Element>;
  /** What the model asked for: all the gate could judge when no option was rendered yet. */
  words: string;
}

function isStore(v: unknown): v is WeakMap<Element, Judged> {
  return v instanceof WeakMap;
}

function store(scope: object = globalThis): WeakMap<Element, Judged> {
  const s: Scope = scope;
  if (isStore(s.__wbJudgedChoice)) return s.__wbJudgedChoice;
  const map = new WeakMap<Element, Judged>();
  Object.defineProperty(scope, '__wbJudgedChoice', { value: map, configurable: true, writable: true });
  return map;
}

/** The gate judged these options of `list`, or (none rendered yet) only the words asked for. */
export function noteJudged(list: Element, options: readonly Element[], words: string): void {
  store().set(list, { options: new Set(options), words });
}

const fold = (s: string): string => squish(s).toLowerCase();

/**
 * Whether the dispatcher may choose `option` (named `name`) of `list`: one of the options the gate
 * judged; when none was rendered, only an option named exactly what the gate judged (a value, id or
 * prefix could name anything). Allowed when the gate was not consulted for this list (direct tool
 * calls outside a task). Consumes the judgement.
 */
export function mayChoose(list: Element, option: Element, name: string): boolean {
  const judged = store().get(list);
  store().delete(list);
  if (!judged) return true;
  return judged.options.size > 0 ? judged.options.has(option) : fold(name) === fold(judged.words);
}
