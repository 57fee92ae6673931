/**
 * `verify`: one assertion about the page, now. A failed assertion is data (`holds:false` with what
 * was expected and what is there); only a check that cannot run (a bad or stale ref, a bad selector,
 * a selector matching several elements) is an error. Semantics follow the reference read tools:
 * text is a case-insensitive substring of the rendered text unless `exact` (case-sensitive equality);
 * value and attribute values compare strictly; an attribute without a value asserts presence; count is
 * exact. A password field's value never appears in a result, in `actual` or `expected`.
 */
import { ok, type Result } from '../../shared/result';
import type { VerifyArgs, VerifyFailure, VerifyOutcome } from '../../shared/tools/reads';
import { isElement } from '../ax/flat-tree';
import { elementLine } from './element-line';
import { queryComposed } from './query';
import { childrenOf, formValue, isPasswordField, PASSWORD_MASK, renderedText, shownValue } from './page-text';
import { resolveTarget, scopeOf, type Target } from './target';
import { whyInvisible } from './visibility-check';
import { cut } from '../../shared/text';

const ACTUAL_MAX = 200;

function clip(text: string): string {
  return cut(text, ACTUAL_MAX);
}

function outcome(failure: VerifyFailure | null, target?: Target): VerifyOutcome {
  const out: VerifyOutcome = { holds: failure === null };
  if (failure) out.failure = failure;
  if (target?.kind === 'element' && target.via === 'selector') out.element = elementLine(target.el);
  return out;
}

function textMatches(actual: string, expected: string, exact: boolean): boolean {
  return exact ? actual === expected : actual.toLowerCase().includes(expected.trim().toLowerCase());
}

/**
 * Elements whose rendered text shows `text`, innermost only (a match inside a match counts once, at the
 * deepest element that still holds the whole text). Only subtrees containing it are descended.
 */
function countTextMatches(scope: Element, text: string, exact: boolean): number {
  const needle = exact ? text : text.trim().toLowerCase();
  if (needle === '') return 0;
  const holds = (el: Element): string => (exact ? renderedText(el) : renderedText(el).toLowerCase());
  const count = (el: Element, own: string): number => {
    let inner = 0;
    for (const child of childrenOf(el)) {
      if (!isElement(child)) continue;
      const t = holds(child);
      if (t.includes(needle)) inner += count(child, t);
    }
    if (inner > 0) return inner;
    return exact ? (own === needle ? 1 : 0) : 1;
  };
  const own = holds(scope);
  return own.includes(needle) ? count(scope, own) : 0;
}

function runCount(doc: Document, a: VerifyArgs): Result<VerifyOutcome> {
  const n = a.n ?? 0;
  const scope = scopeOf(doc, a.ref_id);
  if (!scope.ok) return scope;
  let actual: number;
  let what: string;
  if (a.selector !== undefined) {
    const found = queryComposed(scope.data, a.selector);
    if (!found.ok) return found;
    actual = found.data.length;
    what = `elements matching ${JSON.stringify(a.selector)}`;
  } else {
    const root = scope.data.nodeType === 9 ? (doc.body ?? doc.documentElement) : scope.data;
    actual = isElement(root) ? countTextMatches(root, a.text ?? '', a.exact === true) : 0;
    what = `elements showing ${JSON.stringify(a.text ?? '')}`;
  }
  return ok(outcome(actual === n ? null : { kind: 'count', expected: n, actual, detail: what }));
}

function absent(kind: VerifyFailure['kind'], expected: string, target: Target): VerifyFailure | null {
  return target.kind === 'absent' ? { kind, expected, actual: 'not in DOM', detail: target.why } : null;
}

export function runVerify(doc: Document, a: VerifyArgs): Result<VerifyOutcome> {
  if (a.check === 'count') return runCount(doc, a);
  const target = resolveTarget(doc, a.ref_id, a.selector);
  if (!target.ok) return target;
  const t = target.data;
  switch (a.check) {
    case 'visible': {
      if (t.kind === 'absent') return ok(outcome(absent('visible', 'visible', t)));
      const why = whyInvisible(t.el);
      const failure: VerifyFailure | null = why
        ? { kind: 'visible', expected: 'visible', actual: why.reason, ...(why.detail ? { detail: why.detail } : {}) }
        : null;
      return ok(outcome(failure, t));
    }
    case 'text': {
      const expected = a.text ?? '';
      if (t.kind === 'absent') return ok(outcome(absent('text', expected, t)));
      const actual = renderedText(t.el);
      const holds = textMatches(actual, expected, a.exact === true);
      const failure: VerifyFailure = {
        kind: 'text',
        expected: a.exact === true ? expected : `contains ${JSON.stringify(expected)} (any case)`,
        actual: clip(actual),
      };
      return ok(outcome(holds ? null : failure, t));
    }
    case 'value': {
      const expected = a.value ?? '';
      if (t.kind === 'absent') return ok(outcome(absent('value', expected, t)));
      const value = formValue(t.el);
      if (value === null) {
        return ok(
          outcome({ kind: 'value', expected, actual: '(no value: not a form control)', detail: elementLine(t.el) }, t),
        );
      }
      const secret = isPasswordField(t.el);
      const failure: VerifyFailure = {
        kind: 'value',
        expected: secret && expected !== '' ? PASSWORD_MASK : expected,
        actual: clip(shownValue(t.el, value)),
        ...(secret ? { detail: 'password field: values are masked and compared in the page' } : {}),
      };
      return ok(outcome(value === expected ? null : failure, t));
    }
    case 'attribute': {
      const attr = a.attr ?? '';
      const expected = a.value === undefined ? `present` : a.value;
      if (t.kind === 'absent') return ok(outcome(absent('attribute', expected, t)));
      const raw = t.el.getAttribute(attr);
      const secret = isPasswordField(t.el) && attr.toLowerCase() === 'value';
      const shown = raw === null ? '(absent)' : secret && raw !== '' ? PASSWORD_MASK : clip(raw);
      const holds = a.value === undefined ? raw !== null : raw === a.value;
      const failure: VerifyFailure = {
        kind: 'attribute',
        expected: secret && a.value ? PASSWORD_MASK : expected,
        actual: shown,
        detail: `attribute ${attr}`,
      };
      return ok(outcome(holds ? null : failure, t));
    }
  }
}
