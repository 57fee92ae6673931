/**
 * Whether an element's `::before`/`::after` can carry generated content at all, so a build skips the
 * pseudo-element style reads (each one a style resolution in Chromium: 5–10% of a deep read's page
 * time, issue 26) where no author rule can give them any.
 *
 * Generated content comes from a rule whose selector ends in `::before`/`::after` (CSS Pseudo-Elements
 * 4 §4; the legacy one-colon form serializes to the same name) and that sets `content`. The
 * user-agent sheets give content only to `q` (open-quote/close-quote), which `parseContent` reads as
 * no text anyway. So a document whose own sheets (every readable sheet, `@import`ed and nested rules
 * included, and the adopted ones) have no such rule setting `content` to text gives its light-DOM
 * elements none. What the document's sheets do not cover is read as before:
 * - a sheet whose rules cannot be read (another origin without CORS): anything may be in it;
 * - an element inside a shadow tree (its scope's sheets, and `::part()` from outside);
 * - a shadow host (`:host::before` in its shadow tree's sheets) and a child of one (slotted:
 *   `::slotted()::before`), the closed roots included when the walker's reader can see them, and
 *   any element that may host a root (DOM §4.2.14) when it cannot.
 * The answer holds for one build (the DOM and the sheets do not change during it). Builds with few
 * pseudo-element reads, and documents with very many rules, read as before: the scan would cost more
 * than the reads it saves.
 */
import { mayHostShadow } from './flat-tree';

export type ShadowReader = (el: Element) => ShadowRoot | null;

const PSEUDO_SELECTOR = /:(?:before|after)\b/i;
/** Pseudo-element reads a build makes before it scans the sheets (a 1k-element page makes ~400). */
const WARM_UP = 128;
/** The rules a scan reads at most (a few ms on the reference machine under load). */
const MAX_RULES = 1500;

function hasCssRules(v: unknown): v is { cssRules: CSSRuleList } {
  return typeof v === 'object' && v !== null && 'cssRules' in v;
}

/** A style sheet of any realm (a frame's sheets fail `instanceof` in another frame's script). */
function isSheet(v: unknown): v is CSSStyleSheet {
  return hasCssRules(v) && 'ownerRule' in v;
}

/**
 * Whether a rule naming ::before/::after may give it text: it sets `content` (directly or through
 * `all`, which sets the longhand too) to anything but none, normal or an empty string. Decorative
 * pseudo-elements (`content: ""`: clearfix, icons drawn with a background) generate no text.
 */
function givesText(rule: CSSRule): boolean {
  const style: unknown = 'style' in rule ? rule.style : undefined;
  if (!(style instanceof Object) || !('getPropertyValue' in style) || typeof style.getPropertyValue !== 'function')
    return true;
  const content: unknown = style.getPropertyValue('content');
  return typeof content !== 'string' || !NO_TEXT_CONTENT.test(content.trim());
}

const NO_TEXT_CONTENT = /^(?:|none|normal|""|'')$/i;

/** Rules a scan may still read; past the budget it stops and answers "may" (read as before). */
interface Budget {
  rules: number;
}

/** True when a rule list (nested and imported rules included) may style ::before or ::after. */
function rulesMayStyle(rules: CSSRuleList, depth: number, budget: Budget): boolean {
  if (depth > 16) return true;
  for (let i = 0; i < rules.length; i++) {
    if (--budget.rules < 0) return true;
    const rule = rules[i];
    if (!rule) continue;
    const selector = 'selectorText' in rule ? rule.selectorText : undefined;
    if (typeof selector === 'string' && PSEUDO_SELECTOR.test(selector) && givesText(rule)) return true;
    if ('styleSheet' in rule) {
      const sheet = rule.styleSheet;
      if (isSheet(sheet) && sheetMayStyle(sheet, depth + 1, budget)) return true;
    }
    // Grouping rules (@media, @supports, @layer, @container, @scope) and nested style rules.
    if (hasCssRules(rule) && rulesMayStyle(rule.cssRules, depth + 1, budget)) return true;
  }
  return false;
}

function sheetMayStyle(sheet: CSSStyleSheet, depth: number, budget: Budget): boolean {
  let rules: CSSRuleList;
  try {
    rules = sheet.cssRules;
  } catch {
    return true; // SecurityError: another origin's sheet, unreadable.
  }
  return rulesMayStyle(rules, depth, budget);
}

/**
 * Whether any sheet of the document (linked, inline, imported, adopted) may style ::before/::after.
 * Reading a rule costs about as much as one pseudo-element read (a few µs), so the scan stops after
 * `maxRules` rules and answers true.
 */
export function documentMayStylePseudo(doc: Document, maxRules = MAX_RULES): boolean {
  const budget: Budget = { rules: maxRules };
  const sheets: CSSStyleSheet[] = [...Array.from(doc.styleSheets)];
  const adopted: unknown = Reflect.get(doc, 'adoptedStyleSheets');
  const list: readonly unknown[] = Array.isArray(adopted) ? adopted : [];
  for (const s of list) if (isSheet(s)) sheets.push(s);
  return sheets.some((s) => sheetMayStyle(s, 0, budget));
}

/**
 * Per build: `mayHave(el)` is false only when no rule can give the element's ::before/::after
 * content. `readShadow` is the walker's reader (closed roots too); without it, an element that may
 * host a root counts as a host.
 */
export function pseudoFilter(readShadow?: ShadowReader, warmUp = WARM_UP): (el: Element) => boolean {
  const docs = new Map<Document, boolean>();
  let asked = 0;
  // Every answer is remembered: each element is asked about for ::before and ::after, and as
  // the parent of each of its children.
  const hosts = new Map<Element, boolean>();
  const isHost = (el: Element): boolean => {
    let known = hosts.get(el);
    if (known === undefined) {
      known = el.shadowRoot !== null || (mayHostShadow(el) && (!readShadow || readShadow(el) !== null));
      hosts.set(el, known);
    }
    return known;
  };
  const decide = (el: Element): boolean => {
    const doc = el.ownerDocument;
    let styled = docs.get(doc);
    if (styled === undefined) {
      styled = documentMayStylePseudo(doc);
      docs.set(doc, styled);
    }
    if (styled || el.getRootNode() !== doc) return true;
    const parent = el.parentElement;
    return isHost(el) || (parent !== null && isHost(parent));
  };
  // The answer for ::before holds for ::after (same element, same rules).
  const answers = new Map<Element, boolean>();
  return (el) => {
    // A small build reads its few pseudo-elements rather than scan the sheets first.
    if (++asked <= warmUp) return true;
    let answer = answers.get(el);
    if (answer === undefined) {
      answer = decide(el);
      answers.set(el, answer);
    }
    return answer;
  };
}
