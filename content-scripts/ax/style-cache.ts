/**
 * Per-build cache for the accessibility computations. The tree walker creates one context per build
 * (`createAxContext(doc)` in ax-context.ts) and passes it to every call, so `getComputedStyle`, roles, names and
 * hidden-ness are computed at most once per element. The DOM must not change while a context is in
 * use; callers that omit the context get a fresh one per call (always correct, slower).
 */
import { collectCounterSnapshots, formatCounter, type PseudoCounters } from './css-counters';
import { pseudoFilter, type ShadowReader } from './pseudo-rules';

type PseudoKind = '::before' | '::after';

interface PseudoInfo {
  /** Text that `content` generates (strings, attr(), alt text after "/"); '' when none. */
  text: string;
  /** True when the pseudo-element is laid out as a block (adds word separation in names). */
  block: boolean;
}

/**
 * How roles.ts asks for a name without importing names.ts. The role of region, form, aside,
 * section, img alt="" and SVG groups depends on whether they have a name (HTML-AAM §4, WAI-ARIA
 * §5.2.8.4), and the name depends on the role (accname §4.3.2), so one of the two must reach the
 * other through the context instead of an import cycle.
 */
export interface NameLookup {
  forRole(el: Element, role: string, c: AxContext): string;
  hasAuthorLabel(el: Element, c: AxContext): boolean;
}

export interface AxContext {
  readonly doc: Document;
  /** Name computation, supplied by names.ts (see NameLookup). */
  readonly nameLookup: NameLookup;
  readonly win: (Window & typeof globalThis) | null;
  style(el: Element): CSSStyleDeclaration | null;
  /** The computed `display` and `visibility` (null: no style), each read once per build. */
  display(el: Element): string | null;
  visibility(el: Element): string | null;
  /** The computed `cursor` ('' without a style), read once per build. */
  cursor(el: Element): string;
  pseudo(el: Element, kind: PseudoKind): PseudoInfo;
  readonly roles: Map<Element, string>;
  readonly hidden: Map<Element, boolean>;
  readonly names: Map<Element, string>;
  /** Roles being computed right now (a role that depends on a name that depends on the role). */
  readonly rolesInProgress: Set<Element>;
  /** Per-build memo for the other modules (aria-owns map…), keyed by purpose. */
  readonly memo: Map<string, unknown>;
}

const NO_PSEUDO: PseudoInfo = { text: '', block: false };

/**
 * An element's computed style, and the properties several steps ask about (the walk, hidden-ness,
 * names' word breaks, the pointer-cursor rule for the element and its children): each property read of a live computed style is a style query in Chromium, and
 * the same element's display was read up to five times per build (issue 26).
 */
interface StyleEntry {
  style: CSSStyleDeclaration | null;
  /** undefined: not read yet. */
  display: string | null | undefined;
  visibility: string | null | undefined;
  cursor: string | undefined;
}

/** The context factory; callers use createAxContext (ax-context.ts), which supplies names.ts's lookup. */
export function createStyleContext(doc: Document, nameLookup: NameLookup, readShadow?: ShadowReader): AxContext {
  const win = doc.defaultView;
  // Skips the pseudo-element reads where no rule can generate content (pseudo-rules.ts).
  const mayHavePseudo = pseudoFilter(readShadow);
  const styles = new Map<Element, StyleEntry>();
  const beforePseudos = new Map<Element, PseudoInfo>();
  const afterPseudos = new Map<Element, PseudoInfo>();

  const entry = (el: Element): StyleEntry => {
    let e = styles.get(el);
    if (e === undefined) {
      const style = win && el.isConnected ? win.getComputedStyle(el) : null;
      e = { style, display: undefined, visibility: undefined, cursor: undefined };
      styles.set(el, e);
    }
    return e;
  };
  const display = (el: Element): string | null => {
    const e = entry(el);
    if (e.display === undefined) e.display = e.style ? e.style.display : null;
    return e.display;
  };
  const visibility = (el: Element): string | null => {
    const e = entry(el);
    if (e.visibility === undefined) e.visibility = e.style ? e.style.visibility : null;
    return e.visibility;
  };
  const cursor = (el: Element): string => {
    const e = entry(el);
    if (e.cursor === undefined) e.cursor = e.style ? e.style.cursor : '';
    return e.cursor;
  };

  let counterMemo: Map<Element, PseudoCounters> | null = null;
  const pseudo = (el: Element, kind: PseudoKind): PseudoInfo => {
    if (!win) return NO_PSEUDO;
    const map = kind === '::before' ? beforePseudos : afterPseudos;
    const hit = map.get(el);
    if (hit) return hit;
    if (!mayHavePseudo(el)) {
      map.set(el, NO_PSEUDO);
      return NO_PSEUDO;
    }
    const s = win.getComputedStyle(el, kind);
    // Reading `content` first: most elements have no generated content, and each property read
    // of a pseudo-element style costs a style resolution in Chromium.
    const content = s.content;
    if (!content || content === 'none' || content === 'normal') {
      map.set(el, NO_PSEUDO);
      return NO_PSEUDO;
    }
    const counters = (name: string): readonly number[] => {
      let all = counterMemo;
      if (!all) {
        all = collectCounterSnapshots(doc);
        counterMemo = all;
      }
      return all.get(el)?.[kind]?.get(name) ?? [0];
    };
    const display = s.display;
    const info = display === 'none' ? { text: '', isAlt: false } : parseContent(content, el, counters);
    // Alternative text ("…" / "alt") stands apart from the element's own text in Chromium, like an
    // image's alt; plain generated strings join the text as laid out.
    const result = info.text ? { text: info.text, block: info.isAlt || isBlockDisplay(display) } : NO_PSEUDO;
    map.set(el, result);
    return result;
  };
  return {
    doc,
    nameLookup,
    win,
    style: (el) => entry(el).style,
    display,
    visibility,
    cursor,
    pseudo,
    roles: new Map(),
    hidden: new Map(),
    names: new Map(),
    rolesInProgress: new Set(),
    memo: new Map(),
  };
}

/** Displays that start a new line: their text is separated from neighbours by a space in names. */
function isBlockDisplay(display: string): boolean {
  if (!display) return false;
  if (display.startsWith('inline')) return false; // inline, inline-block, inline-flex, inline-grid…
  return display !== 'contents' && display !== 'none' && display !== 'ruby' && display !== 'ruby-text';
}

/**
 * Parses a computed `content` value into its text (CSS Generated Content 3: strings, attr();
 * counters and images contribute nothing we can read). An alternative text after "/" replaces the
 * visual content, as accname 1.2 §2F.ii asks.
 */
export function parseContent(
  content: string,
  el: Element,
  counters: (name: string) => readonly number[] = () => [0],
): { text: string; isAlt: boolean } {
  if (!content || content === 'none' || content === 'normal') return { text: '', isAlt: false };
  const parts: string[] = [];
  let alt: string[] | null = null;
  let i = 0;
  const out = (): string[] => alt ?? parts;
  while (i < content.length) {
    const c = content.charAt(i);
    if (c === '"' || c === "'") {
      let s = '';
      i++;
      while (i < content.length && content.charAt(i) !== c) {
        if (content.charAt(i) === '\\' && i + 1 < content.length) {
          const hex = /^[0-9a-fA-F]{1,6} ?/.exec(content.slice(i + 1));
          if (hex) {
            s += String.fromCodePoint(parseInt(hex[0], 16));
            i += 1 + hex[0].length;
            continue;
          }
          s += content.charAt(i + 1);
          i += 2;
          continue;
        }
        s += content.charAt(i);
        i++;
      }
      i++;
      out().push(s);
    } else if (c === '/') {
      alt = [];
      i++;
    } else if (content.startsWith('attr(', i)) {
      const end = content.indexOf(')', i);
      const name =
        content
          .slice(i + 5, end < 0 ? undefined : end)
          .trim()
          .split(/\s+/)[0] ?? '';
      out().push(el.getAttribute(name) ?? '');
      i = end < 0 ? content.length : end + 1;
    } else if (content.startsWith('counter(', i) || content.startsWith('counters(', i)) {
      const end = content.indexOf(')', i);
      const args = splitArgs(content.slice(content.indexOf('(', i) + 1, end < 0 ? undefined : end));
      const values = counters(args[0] ?? '');
      if (content.startsWith('counters(', i)) {
        const style = args[2] ?? 'decimal';
        out().push(values.map((v) => formatCounter(v, style)).join(unquote(args[1] ?? '')));
      } else {
        out().push(formatCounter(values.at(-1) ?? 0, args[1] ?? 'decimal'));
      }
      i = end < 0 ? content.length : end + 1;
    } else if (/[a-z-]/i.test(c)) {
      // counter(), url(), image-set(), open-quote…: skip the token (and its parentheses).
      let depth = 0;
      while (i < content.length) {
        const ch = content.charAt(i);
        if (ch === '(') depth++;
        else if (ch === ')') {
          depth--;
          if (depth <= 0) {
            i++;
            break;
          }
        } else if (depth === 0 && (ch === ' ' || ch === '/')) break;
        i++;
      }
    } else {
      i++;
    }
  }
  return { text: (alt ?? parts).join(''), isAlt: alt !== null };
}

/**
 * The context to use when a caller passed none: a fresh one per top-level call, because without a
 * build boundary we cannot know the DOM is unchanged since the last call.
 */
/**
 * Fallback for the modules below names.ts (visibility, aria-owns, name-fallback), which never ask
 * for a role or a name; their one-off context has no name lookup. Everything else resolves through
 * ax-context.ts.
 */
const NO_NAME_LOOKUP: NameLookup = {
  forRole() {
    throw new Error('internal: AX context without a name lookup; create it with createAxContext (ax-context.ts)');
  },
  hasAuthorLabel() {
    throw new Error('internal: AX context without a name lookup; create it with createAxContext (ax-context.ts)');
  },
};

export function resolveContext(el: Element, ctx?: AxContext): AxContext {
  return ctx ?? createStyleContext(el.ownerDocument, NO_NAME_LOOKUP);
}

function splitArgs(args: string): string[] {
  const out: string[] = [];
  let current = '';
  let quote = '';
  for (const ch of args) {
    if (quote) {
      current += ch;
      if (ch === quote) quote = '';
    } else if (ch === '"' || ch === "'") {
      quote = ch;
      current += ch;
    } else if (ch === ',') {
      out.push(current.trim());
      current = '';
    } else {
      current += ch;
    }
  }
  out.push(current.trim());
  return out;
}

function unquote(s: string): string {
  return /^(["']).*\1$/.test(s) ? s.slice(1, -1) : s;
}
