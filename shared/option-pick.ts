/**
 * Which option a `select_option {value | label}` call chooses: the one rule, shared by the page that
 * dispatches it (content-scripts/actions/select.ts) and the page's answer to the approval gate
 * (content-scripts/handlers/gate-facts.ts), so the gate judges exactly the option that will be chosen
 * (issue 24 item 1: the gate matched the exact value while the tool matched a value prefix).
 */
import { collapse } from './tree-print';

/** How one kind of list names its options. */
export interface OptionKeys<T> {
  /** The option's value: a native option's `value`; an ARIA option's `data-value`, `value` or `id`. */
  value(item: T): string;
  /** The text a `value` that matches no option exactly is matched against (tier by tier). */
  valueText(item: T): string;
  /** The text a `label` is matched against. */
  label(item: T): string;
}

function squash(s: string): string {
  return collapse(s).trim();
}

/** Exact, then case-insensitive, then a unique prefix, then a unique substring match. */
export function pickByText<T>(
  items: readonly T[],
  wanted: string,
  textOf: (item: T) => string,
): T | 'ambiguous' | null {
  const w = squash(wanted);
  const lw = w.toLowerCase();
  const tiers: ((t: string) => boolean)[] = [
    (t) => t === w,
    (t) => t.toLowerCase() === lw,
    (t) => t.toLowerCase().startsWith(lw),
    (t) => t.toLowerCase().includes(lw),
  ];
  for (const [i, test] of tiers.entries()) {
    const hits = items.filter((item) => test(squash(textOf(item))));
    if (hits.length === 1) return hits[0] ?? null;
    if (hits.length > 1) return i < 2 ? (hits[0] ?? null) : 'ambiguous';
  }
  return null;
}

/**
 * The option a call chooses: by `value`, an exact value first, then the value matched as text
 * (prefix, case, whitespace); by `label`, the label matched as text. 'ambiguous' and null are misses.
 */
export function pickOption<T>(
  items: readonly T[],
  want: { value?: string | undefined; label?: string | undefined },
  keys: OptionKeys<T>,
): T | 'ambiguous' | null {
  if (want.value !== undefined) {
    const value = want.value;
    return items.find((o) => keys.value(o) === value) ?? pickByText(items, value, keys.valueText);
  }
  return pickByText(items, want.label ?? '', keys.label);
}

/** An ARIA option's value, as select_option reads it: `data-value`, then `value`, then its `id`. */
export function ariaOptionValue(o: Element): string {
  return o.getAttribute('data-value') ?? o.getAttribute('value') ?? o.id;
}

/** A native `<option>`: its value, the value as text, and its label (HTML §4.10.10 option label). */
export const NATIVE_OPTION_KEYS: OptionKeys<HTMLOptionElement> = {
  value: (o) => o.value,
  valueText: (o) => o.value,
  label: (o) => o.label || o.text,
};
