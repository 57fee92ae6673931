/**
 * How one tool result reaches the model: a tree read becomes header + tree + paging instructions
 * within its read budget, anything else compact JSON within its cap, an error `ERROR code: message`;
 * all of it inside the task's untrusted fence except Weaverbird's own refusals. The agent loop and
 * the console's `wb.tool(…, {view: 'model'})` both use this, so the console shows what the model gets.
 */
import type { Result } from '../../../shared/result';
import {
  formatGenericResult,
  formatTreeResult,
  parseTreeResult,
  TREE_TOOLS,
  type ReadPlan,
  type TreeRead,
} from './budgets';
import { wrapUntrusted } from '../../policy/untrusted';

// Only the registry's own refusals and the gate's (whose page labels are quoted and capped) stay outside the
// fence. `bad_arguments` is fenced: handlers return it too, quoting page text (frame URLs in iframe_read errors).
const GATE_ERRORS: ReadonlySet<string> = new Set(['unknown_tool', 'tool_not_allowed', 'bad_tab', 'denied_by_user']);

export interface RenderedResult {
  /** The result text before fencing. */
  body: string;
  /** The parsed tree when the result is a tree read. */
  tree: TreeRead | null;
  /** Exactly what the model receives for this result (before any loop-guard notes). */
  text: string;
}

export function renderResult(name: string, result: Result<unknown>, plan: ReadPlan, nonce: string): RenderedResult {
  const tree = result.ok && TREE_TOOLS.has(name) ? parseTreeResult(result.data, name) : null;
  let body: string;
  if (tree) body = formatTreeResult(tree, plan.resultCap, plan.notice, name);
  else if (result.ok) body = formatGenericResult(result.data, plan.resultCap);
  else body = `ERROR ${result.error.code}: ${result.error.message}`;
  // Refusals from the registry's own gate carry no page text: they are Weaverbird speaking.
  const fromGate = !result.ok && GATE_ERRORS.has(result.error.code);
  const text = fromGate ? body : wrapUntrusted(nonce, name, body);
  return { body, tree, text };
}
