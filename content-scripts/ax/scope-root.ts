/**
 * Where a read starts: the element a `ref_id` names (through the ref registry, so a stale or unknown
 * ref is the registry's own actionable error), or the document's body. Shared by the tree, find and
 * text_search so the three agree on scope and on their errors.
 */
import { err, ok, type Result } from '../../shared/result';
import type { RefRegistry } from './ref-registry';

export function scopeRoot(doc: Document, refId: string | undefined, registry: RefRegistry): Result<Element> {
  if (refId !== undefined) return registry.resolve(refId);
  const root = doc.body ?? doc.documentElement;
  if (!root) return err('empty_document', 'the document has no body yet; wait for the page to load and retry');
  return ok(root);
}
