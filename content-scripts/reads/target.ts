/**
 * Turns `{ref_id?, selector?}` into the one element a check is about. A selector is searched in the
 * document (or inside ref_id's element when both are given) and every shadow root. Outcomes:
 * the element; "absent" (the selector matched nothing, or the ref's element left the page), which a
 * visibility check reports as "not in DOM"; or an error when the check cannot run at all (a bad or
 * stale ref, a bad selector, a selector matching several elements).
 */
import { err, ok, type Result } from '../../shared/result';
import { getRefRegistry } from '../ax/ref-registry';
import { elementLine } from './element-line';
import { queryComposed } from './query';

export type Target = { kind: 'element'; el: Element; via: 'ref' | 'selector' } | { kind: 'absent'; why: string };

const SHOWN_CANDIDATES = 3;

/** The scope element of ref_id, or the document. */
export function scopeOf(doc: Document, ref: string | undefined): Result<Element | Document> {
  if (ref === undefined) return ok(doc);
  return getRefRegistry(globalThis).resolve(ref);
}

export function resolveTarget(doc: Document, ref: string | undefined, selector: string | undefined): Result<Target> {
  const registry = getRefRegistry(globalThis);
  if (selector === undefined) {
    if (ref === undefined) return err('bad_arguments', 'give ref_id (from the tree) or selector (CSS)');
    const resolved = registry.resolve(ref);
    if (resolved.ok) return ok({ kind: 'element', el: resolved.data, via: 'ref' });
    // A ref this document minted whose element is gone: the element left the page, which is an answer
    // ("the dialog closed"), not a reason the check cannot run.
    if (resolved.error.code === 'ref_not_found' && registry.mintedHere(ref))
      return ok({ kind: 'absent', why: `${ref}'s element left the page` });
    return resolved;
  }
  const scope = scopeOf(doc, ref);
  if (!scope.ok) return scope;
  const found = queryComposed(scope.data, selector);
  if (!found.ok) return found;
  const [first] = found.data;
  if (!first) {
    const where = ref === undefined ? '' : ` inside ${ref}`;
    return ok({ kind: 'absent', why: `selector ${JSON.stringify(selector)} matched 0 elements${where}` });
  }
  if (found.data.length > 1) {
    const lines = found.data.slice(0, SHOWN_CANDIDATES).map(elementLine);
    const more = found.data.length > SHOWN_CANDIDATES ? ` and ${found.data.length - SHOWN_CANDIDATES} more` : '';
    return err(
      'ambiguous_selector',
      `selector ${JSON.stringify(selector)} matches ${found.data.length} elements (${lines.join('; ')}${more}): pass one of these refs as ref_id, or a selector that matches exactly one element (use check "count" to count matches)`,
    );
  }
  return ok({ kind: 'element', el: first, via: 'selector' });
}
