/**
 * CSS counters (CSS Lists 3 §4) for generated content that names an element: `content: "" /
 * counter(step)` reads "3" to a screen reader in Chromium, but getComputedStyle only returns
 * the unresolved `counter(step)`. Resolving needs a walk of the document in tree order; it only
 * runs when a name actually meets a counter, once per context.
 */
type CounterSnapshot = ReadonlyMap<string, readonly number[]>;
export type PseudoCounters = { '::before'?: CounterSnapshot; '::after'?: CounterSnapshot };

type Instance = { value: number; scope: Element };

/** One walk over the document recording the counters in scope at every ::before/::after that uses them. */
export function collectCounterSnapshots(doc: Document): Map<Element, PseudoCounters> {
  const win = doc.defaultView;
  const out = new Map<Element, PseudoCounters>();
  const root = doc.documentElement;
  if (!win || !root) return out;
  const counters = new Map<string, Instance[]>();
  const apply = (style: CSSStyleDeclaration, scope: Element): void => {
    for (const [name, n] of pairs(style.getPropertyValue('counter-reset'), 0)) {
      const stack = counters.get(name) ?? [];
      stack.push({ value: n, scope });
      counters.set(name, stack);
    }
    for (const [name, n] of pairs(style.getPropertyValue('counter-increment'), 1)) {
      const stack = counters.get(name) ?? [];
      if (!stack.length) {
        stack.push({ value: 0, scope });
        counters.set(name, stack);
      }
      const top = stack.at(-1);
      if (top) top.value += n;
    }
    for (const [name, n] of pairs(style.getPropertyValue('counter-set'), 0)) {
      const stack = counters.get(name) ?? [];
      const top = stack.at(-1);
      if (top) top.value = n;
      else counters.set(name, [{ value: n, scope }]);
    }
  };
  const snapshot = (): CounterSnapshot => {
    const snap = new Map<string, number[]>();
    for (const [name, stack] of counters)
      if (stack.length)
        snap.set(
          name,
          stack.map((i) => i.value),
        );
    return snap;
  };
  const leave = (scope: Element): void => {
    for (const stack of counters.values()) while (stack.length && stack.at(-1)?.scope === scope) stack.pop();
  };
  const pseudo = (el: Element, kind: '::before' | '::after'): void => {
    const s = win.getComputedStyle(el, kind);
    const content = s.content;
    if (!content || content === 'none' || content === 'normal' || s.display === 'none') return;
    // A pseudo-element's counter-reset is scoped to it and its later siblings: the element's children.
    apply(s, el);
    if (content.includes('counter')) out.set(el, { ...out.get(el), [kind]: snapshot() });
  };
  const walk = (el: Element): void => {
    const style = win.getComputedStyle(el);
    if (style.display === 'none') return;
    // An element's counter-reset covers it, its descendants and its following siblings.
    apply(style, el.parentElement ?? el);
    pseudo(el, '::before');
    for (const child of Array.from(el.children)) walk(child);
    pseudo(el, '::after');
    leave(el);
  };
  walk(root);
  return out;
}

/** `name n name2 n2…` as computed; integers default per property (reset/set 0, increment 1). */
function pairs(value: string, fallback: number): [string, number][] {
  if (!value || value === 'none') return [];
  const tokens = value.trim().split(/\s+/);
  const out: [string, number][] = [];
  for (let i = 0; i < tokens.length; i++) {
    const name = tokens[i];
    if (!name || /^[-+]?\d+$/.test(name)) continue;
    const next = tokens[i + 1];
    if (next !== undefined && /^[-+]?\d+$/.test(next)) {
      out.push([name, Number(next)]);
      i++;
    } else {
      out.push([name, fallback]);
    }
  }
  return out;
}

/** CSS Counter Styles 3 §6 predefined styles we can read aloud; others fall back to decimal. */
export function formatCounter(n: number, style: string): string {
  switch (style) {
    case 'none':
      return '';
    case 'lower-alpha':
    case 'lower-latin':
      return alpha(n).toLowerCase();
    case 'upper-alpha':
    case 'upper-latin':
      return alpha(n);
    case 'lower-roman':
      return roman(n).toLowerCase();
    case 'upper-roman':
      return roman(n);
    case 'disc':
      return '•';
    case 'circle':
      return '◦';
    case 'square':
      return '▪';
    default:
      return String(n);
  }
}

function alpha(n: number): string {
  if (n < 1) return String(n);
  let s = '';
  for (let v = n; v > 0; v = Math.floor((v - 1) / 26)) s = String.fromCharCode(65 + ((v - 1) % 26)) + s;
  return s;
}

function roman(n: number): string {
  if (n < 1 || n > 3999) return String(n);
  const table: [number, string][] = [
    [1000, 'M'],
    [900, 'CM'],
    [500, 'D'],
    [400, 'CD'],
    [100, 'C'],
    [90, 'XC'],
    [50, 'L'],
    [40, 'XL'],
    [10, 'X'],
    [9, 'IX'],
    [5, 'V'],
    [4, 'IV'],
    [1, 'I'],
  ];
  let s = '';
  let v = n;
  for (const [k, r] of table) {
    while (v >= k) {
      s += r;
      v -= k;
    }
  }
  return s;
}
