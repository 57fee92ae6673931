/**
 * Numbers as pages write them: `1.299,00 €` on a German page is 1299, `1,299.00` on an English one
 * too, `1 299,00` (narrow no-break space groups) on a French one as well. The page's language (the
 * nearest `lang`, HTML §3.2.6.2) picks the separators through Intl; where a text uses both `.` and `,`
 * the last one is the decimal mark whatever the language says, since no locale writes it otherwise.
 */

interface Separators {
  group: string;
  decimal: string;
}

const cache = new Map<string, Separators>();

function separatorsFor(lang: string): Separators {
  const key = lang || 'en';
  const known = cache.get(key);
  if (known) return known;
  let seps: Separators = { group: ',', decimal: '.' };
  try {
    const parts = new Intl.NumberFormat(key).formatToParts(12345.6);
    seps = {
      group: parts.find((p) => p.type === 'group')?.value ?? ',',
      decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.',
    };
  } catch {
    // An invalid language tag (lang="xx_YY") falls back to the common English separators.
  }
  cache.set(key, seps);
  return seps;
}

const SPACES = /[\s\u00a0\u202f]/g;
// A run that starts with a digit (or a sign and a digit) and goes on through digits and separators.
const NUMBER_RUN = /([-−+]?)\s?(\d[\d.,'’\s\u00a0\u202f]*)/;

/** The first number in `text` read with the separators of `lang`, or null when there is none. */
export function parseLocaleNumber(text: string, lang: string): number | null {
  const m = NUMBER_RUN.exec(text);
  if (!m?.[2]) return null;
  const negative = m[1] === '-' || m[1] === '−' || /^\(.*\)$/.test(text.trim());
  let body = m[2].replace(SPACES, '').replace(/['’]/g, '');
  body = body.replace(/[.,]+$/, '');
  const { group, decimal } = separatorsFor(lang);
  const lastDot = body.lastIndexOf('.');
  const lastComma = body.lastIndexOf(',');
  let decimalMark: string | null;
  if (lastDot >= 0 && lastComma >= 0) {
    decimalMark = lastDot > lastComma ? '.' : ',';
  } else if (lastDot >= 0 || lastComma >= 0) {
    const mark = lastDot >= 0 ? '.' : ',';
    const count = body.split(mark).length - 1;
    const after = body.length - body.lastIndexOf(mark) - 1;
    if (count > 1) decimalMark = null;
    else if (mark === decimal) decimalMark = mark;
    else if (mark === group.replace(SPACES, '') && after === 3) decimalMark = null;
    else decimalMark = mark;
  } else {
    decimalMark = null;
  }
  let normal = '';
  for (const ch of body) {
    if (ch >= '0' && ch <= '9') normal += ch;
    else if (ch === decimalMark) normal += '.';
  }
  if (normal === '' || normal === '.') return null;
  const value = Number(normal);
  if (!Number.isFinite(value)) return null;
  return negative ? -value : value;
}
