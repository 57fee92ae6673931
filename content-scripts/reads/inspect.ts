/**
 * `inspect`: an element's layout facts for checking a page's look and a control's state: its box,
 * a fixed set of computed styles (the reference's set: display, visibility, opacity, position, cursor,
 * pointer-events, overflow, z-index and the flex alignment properties; `styles` adds more), whether its
 * content overflows (scroll size beyond client size), whether a person can see it, and its child count.
 * `cursor: not-allowed` on a visible control is the usual sign of a disabled-looking one.
 */
import { err, ok, type Result } from '../../shared/result';
import type { InspectArgs, InspectResult } from '../../shared/tools/reads';
import { elementLine } from './element-line';
import { resolveTarget } from './target';
import { whyInvisible } from './visibility-check';

const DEFAULT_STYLES = [
  'display',
  'visibility',
  'opacity',
  'position',
  'cursor',
  'pointerEvents',
  'overflow',
  'overflowX',
  'overflowY',
  'zIndex',
  'flexDirection',
  'justifyContent',
  'alignItems',
];

/** camelCase or kebab-case in, the CSS property name getPropertyValue wants out. */
function cssName(name: string): string {
  return name.startsWith('--') ? name : name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
}

export function runInspect(doc: Document, args: InspectArgs): Result<InspectResult> {
  const target = resolveTarget(doc, args.ref_id, args.selector);
  if (!target.ok) return target;
  if (target.data.kind === 'absent') {
    return err('not_found', `nothing to inspect: ${target.data.why}; re-read the tree or fix the selector`);
  }
  const el = target.data.el;
  const style = doc.defaultView?.getComputedStyle(el);
  const styles: Record<string, string> = {};
  for (const name of [...DEFAULT_STYLES, ...(args.styles ?? [])]) {
    styles[name] = style?.getPropertyValue(cssName(name)) ?? '';
  }
  const r = el.getBoundingClientRect();
  const round = (n: number): number => Math.round(n * 10) / 10;
  const why = whyInvisible(el);
  return ok({
    element: elementLine(el),
    box: { x: round(r.left), y: round(r.top), width: round(r.width), height: round(r.height) },
    styles,
    overflowing: { x: el.scrollWidth > el.clientWidth, y: el.scrollHeight > el.clientHeight },
    visible: why ? (why.detail ? `${why.reason} (${why.detail})` : why.reason) : true,
    childCount: el.children.length,
  });
}
