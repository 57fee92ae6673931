/**
 * Where an element sits, in the words a later run can find it by (workflows, issue 30): the tree's
 * own role and accessible name (describe.ts), find's collection context (collection.ts), the nearest
 * heading before it and the landmark holding it. A CSS path rides along only as a last hint: ids and
 * classes are what a redesign renames first, role and name are what the user saw.
 */
import { createAxContext, type AxContext } from '../ax/ax-context';
import { describeElement } from '../ax/describe';
import { collapse, cut } from '../../shared/text';
import { collectionPlace, contextText } from './collection';

export interface TargetPlace {
  role: string;
  name: string;
  context?: string;
  heading?: string;
  landmark?: string;
  css: string;
  /** A password field: what was typed there is never stored (recorder.ts makes it a parameter). */
  secret?: true;
}

const TEXT_MAX = 200;
/** ARIA 1.2 §5.3.4 landmark roles. */
const LANDMARKS = new Set(['banner', 'complementary', 'contentinfo', 'form', 'main', 'navigation', 'region', 'search']);
const HEADINGS = 'h1,h2,h3,h4,h5,h6,[role="heading"]';

const clean = (s: string): string => cut(collapse(s).trim(), TEXT_MAX);

function landmarkOf(el: Element, ctx: AxContext): string | undefined {
  for (let a = el.parentElement; a; a = a.parentElement) {
    const d = describeElement(a, ctx);
    if (!LANDMARKS.has(d.role)) continue;
    const name = clean(d.name);
    return name ? `${d.role} "${name}"` : d.role;
  }
  return undefined;
}

/** The last heading that comes before `el` in document order (or holds it). */
function headingBefore(el: Element, ctx: AxContext): string | undefined {
  let found: string | undefined;
  for (const h of el.ownerDocument.querySelectorAll(HEADINGS)) {
    if (h === el) break;
    const pos = h.compareDocumentPosition(el);
    if (!(pos & Node.DOCUMENT_POSITION_FOLLOWING)) break;
    const name = clean(describeElement(h, ctx).name);
    if (name) found = name;
  }
  return found;
}

/** `main > form:nth-of-type(1) > button:nth-of-type(2)`: structure only, so renamed classes do not matter. */
function cssPath(el: Element): string {
  const parts: string[] = [];
  for (
    let a: Element | null = el;
    a && a !== a.ownerDocument.documentElement && parts.length < 8;
    a = a.parentElement
  ) {
    const tag = a.localName;
    const same = a.parentElement ? [...a.parentElement.children].filter((c) => c.localName === tag) : [a];
    parts.unshift(same.length > 1 ? `${tag}:nth-of-type(${same.indexOf(a) + 1})` : tag);
  }
  return parts.join(' > ');
}

export function targetPlace(el: Element, ctx: AxContext = createAxContext(el.ownerDocument)): TargetPlace {
  const d = describeElement(el, ctx);
  const out: TargetPlace = { role: d.role, name: clean(d.name), css: cssPath(el) };
  const place = collectionPlace(el);
  const context = place ? contextText(place, ctx) : '';
  if (context) out.context = context;
  const heading = headingBefore(el, ctx);
  if (heading) out.heading = heading;
  const landmark = landmarkOf(el, ctx);
  if (landmark) out.landmark = landmark;
  if (el.localName === 'input' && el.getAttribute('type')?.toLowerCase() === 'password') out.secret = true;
  return out;
}
