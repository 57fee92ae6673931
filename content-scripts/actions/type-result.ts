/**
 * What type_ax/focus_type report: the read-back value, the methods tried and a hint. Password fields
 * are typed into like any field, but their value never goes back to the model, the same rule the tree
 * follows (content-scripts/ax/states.ts prints a filled password as "••••").
 */
import type { Changes, TypeResult } from '../../shared/tools/actions';
import { isInput, roleOf, shortName } from './element-info';
import { readValue, type Attempt } from './type-methods';
import { cut } from '../../shared/text';

export const MASK = '••••';

function isPassword(el: Element): boolean {
  return isInput(el) && el.type.toLowerCase() === 'password';
}

/** A value as the model may see it: masked for password fields, capped at `max` characters. */
export function shownValue(el: Element, value: string, max = 500): string {
  if (isPassword(el)) return value === '' ? '' : MASK;
  return cut(value, max);
}

function describeAttempt(el: Element, a: Attempt): string {
  return `${a.method}: ${a.ok ? 'landed' : `read back ${JSON.stringify(shownValue(el, a.value.slice(0, 60)))}`}`;
}

const NOTHING_LANDED =
  'the text did not land with any method (the field may reject it, be replaced on input, or need a different control); re-read the tree and check the field';

export function buildTypeResult(
  el: HTMLElement,
  attempts: readonly Attempt[],
  changes: Changes,
  standIn: string | undefined,
  /** The document where the field's value is not it (a drawn editor's hidden textarea). */
  drawn?: string,
): TypeResult {
  const done = attempts.find((a) => a.ok);
  const value = drawn ?? readValue(el);
  const result: TypeResult = {
    success: done !== undefined,
    ...(done ? { method: done.method } : {}),
    tag: el.localName,
    role: roleOf(el),
    name: shortName(el),
    value: shownValue(el, value),
    changes,
    ...(standIn ? { standIn } : {}),
  };
  if (attempts.length > 1 || !done) result.attempts = attempts.map((a) => describeAttempt(el, a));
  if (done?.reformatted) result.hint = `the page reformatted the text to ${JSON.stringify(shownValue(el, value, 80))}`;
  if (!done) result.hint = NOTHING_LANDED;
  return result;
}
