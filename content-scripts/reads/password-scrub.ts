/**
 * Password values never leave the page through a read, whatever shape the read takes. Masking the
 * field's own `value` is not enough: React mirrors a controlled input's value into the `value`
 * attribute, so `outerHTML`/`innerHTML` of the form carries it, and apps keep copies in `data-*`
 * attributes (a strength meter's `data-checked`, a field's `data-last`). Rather than guess every
 * shape, this collects the current values of the document's password fields and blanks every
 * occurrence of them in the read's output, which covers any attribute, property or text that holds one.
 */
import { PASSWORD_MASK, isPasswordField } from './page-text';
import { queryComposed } from './query';

/** Shorter values are left alone: blanking "ab" everywhere would wreck the output and protect nothing. */
const MIN_SECRET = 3;

/**
 * Fields that hold a password: type=password (custom elements' inner ones too), and inputs whose
 * autocomplete says so, which stay password fields after a "show password" toggle turns them to text.
 */
function isSecretInput(el: Element): boolean {
  if (isPasswordField(el)) return true;
  const ac = (el.getAttribute('autocomplete') ?? '').toLowerCase();
  return el.localName === 'input' && /\b(current|new)-password\b/.test(ac);
}

/** The values (property and attribute) of every password field in the document, shadow roots included. */
export function passwordValues(doc: Document): string[] {
  const found = queryComposed(doc, 'input, [type="password"]');
  if (!found.ok) return [];
  const out = new Set<string>();
  for (const el of found.data) {
    if (!isSecretInput(el)) continue;
    const prop: unknown = Reflect.get(el, 'value');
    for (const v of [typeof prop === 'string' ? prop : null, el.getAttribute('value')]) {
      if (v !== null && v.length >= MIN_SECRET) out.add(v);
    }
  }
  // Longest first, so a value that contains another is blanked whole.
  return [...out].sort((a, b) => b.length - a.length);
}

/** The text with every occurrence of each secret replaced by the mask. */
export function scrubText(text: string, secrets: readonly string[]): string {
  return secrets.reduce((s, secret) => s.split(secret).join(PASSWORD_MASK), text);
}

/** A deep copy of JSON-like read output with every string scrubbed (keys included: a key can be page text). */
export function scrubValue(value: unknown, secrets: readonly string[], depth = 0): unknown {
  if (secrets.length === 0) return value;
  if (typeof value === 'string') return scrubText(value, secrets);
  if (depth > 64 || typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map((x) => scrubValue(x, secrets, depth + 1));
  return Object.fromEntries(
    Object.entries(value).map(([k, x]) => [scrubText(k, secrets), scrubValue(x, secrets, depth + 1)]),
  );
}
