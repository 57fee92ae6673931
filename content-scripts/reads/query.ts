/**
 * CSS queries that see what a person sees: the document and every shadow root under the scope, closed
 * ones included (chrome.dom.openOrClosedShadowRoot, through frames/shadow-roots.ts). `querySelectorAll`
 * alone stops at every shadow boundary, so a selector for a web component's inner button would miss.
 */
import { err, ok, type Result } from '../../shared/result';
import { shadowRootOf, walkComposed } from '../frames/shadow-roots';

type Scope = Element | Document;

/** Every element matching `selector` inside `scope` (not the scope itself), shadow trees included. */
export function queryComposed(scope: Scope, selector: string): Result<Element[]> {
  const out: Element[] = [];
  try {
    out.push(...Array.from(scope.querySelectorAll(selector)));
    for (const el of walkComposed(scope)) {
      const root = shadowRootOf(el);
      if (root) out.push(...Array.from(root.querySelectorAll(selector)));
    }
  } catch (e) {
    const why = e instanceof Error ? e.message.replace(/^Failed to execute .*?: /, '') : String(e);
    return err(
      'bad_selector',
      `${JSON.stringify(selector.slice(0, 120))} is not a valid CSS selector (${why.slice(0, 160)}): fix it, or target the element by its ref_id from the tree`,
    );
  }
  return ok(out);
}
