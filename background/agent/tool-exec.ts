import type { Tier } from '../../src/modes';
import { errorMessage, isRecord } from '../../src/result';
import { getTool, runTool, toolsFor } from '../tools/registry';
import { approvalReason, refOf } from './approval-rules';
import { formatGenericResult, formatTreeResult, parseTreeResult, planRead, TREE_TOOLS } from './budgets';
import type { Guards } from './guards';
import { inspectElement } from './inspect-element';
import { saveLatestTree, saveTask, type TaskRecord } from './state-store';
import { isTrusted, originOf } from './trusted-sites';
import { quotePageText } from '../../src/fence';
import { wrapUntrusted } from './untrusted';

export interface ApprovalAsk {
  tool: string;
  args: unknown;
  site: string;
  description: string;
}

export interface ExecContext {
  rec: TaskRecord;
  guards: Guards;
  tier: Tier;
  contextWindow: number;
  signal: AbortSignal;
  /** ref → the tree line the model last saw for it, for describing approvals. */
  treeLines: Map<string, string>;
  requestApproval(ask: ApprovalAsk): Promise<'approve' | 'deny'>;
}

export interface ExecOutcome {
  ok: boolean;
  /** Exactly what the model receives as the tool result. */
  text: string;
  /** The arguments actually dispatched (after budget clamping). */
  args: unknown;
  /** Set when a guard ends the task after this call. */
  stop?: string;
}

const REF_LINE = /\[((?:f\d+:)?ref_\d+)\]/;
// Only the registry's own refusals stay outside the fence. `bad_arguments` is fenced: handlers return it
// too, quoting page text (frame URLs in get_frames/iframe_read errors, for one).
const GATE_ERRORS: ReadonlySet<string> = new Set(['unknown_tool', 'tool_not_allowed', 'bad_tab']);

function rememberTreeLines(tree: string, lines: Map<string, string>): void {
  for (const line of tree.split('\n')) {
    const m = REF_LINE.exec(line);
    if (m?.[1]) lines.set(m[1], line.trim());
  }
}

async function tabUrl(tabId: number): Promise<string | undefined> {
  try {
    return (await chrome.tabs.get(tabId)).url;
  } catch {
    return undefined;
  }
}

/**
 * Runs one tool call for the model: the observation checkpoint, the read budget, the approval gate,
 * the registry's mode/tier gate, then formats and fences the result. Notes from Weaverbird itself
 * (guards, refusals) go outside the untrusted fence: they are instructions, page text is not.
 */
export async function executeCall(name: string, rawArgs: unknown, ctx: ExecContext): Promise<ExecOutcome> {
  const { rec, guards } = ctx;
  const tool = getTool(name);
  const readOnly = tool?.readOnly ?? false;
  if (tool && readOnly && guards.atCheckpoint()) {
    const text = `REFUSED: ${guards.checkpointMessage()}`;
    guards.recordCall(name, rawArgs, text);
    return { ok: false, text, args: rawArgs };
  }
  const plan = planRead(name, rawArgs, ctx.tier, ctx.contextWindow);
  const offered = toolsFor(rec.mode, ctx.tier).some((t) => t.name === name);

  if (tool && !readOnly && offered && rec.mode !== 'ask') {
    const ref = refOf(plan.args);
    const frame = isRecord(plan.args) && typeof plan.args.frameId === 'string' ? plan.args.frameId : undefined;
    const facts = ref ? await inspectElement(rec.tabId, ref, ctx.treeLines.get(ref), frame) : null;
    const description = approvalReason(name, plan.args, facts);
    if (description) {
      const site = originOf(await tabUrl(rec.tabId));
      if (!(await isTrusted(site))) {
        const decision = await ctx.requestApproval({ tool: name, args: plan.args, site, description });
        if (decision === 'deny') {
          // The description quotes page labels and this note sits outside the fence: capped and quoted.
          const text = `REFUSED BY THE USER: the user denied ${quotePageText(description, 200)} on ${quotePageText(site, 200)}. Do not retry this action or look for another way to do it; tell the user it was not done and finish.`;
          guards.recordCall(name, plan.args, text);
          return { ok: false, text, args: plan.args };
        }
      }
    }
  }
  if (ctx.signal.aborted) return { ok: false, text: 'CANCELLED: the user stopped the task.', args: plan.args };

  rec.inFlight = { tool: name, readOnly };
  await saveTask(rec);
  let result;
  try {
    result = await runTool(name, plan.args, { tabId: rec.tabId, mode: rec.mode, tier: ctx.tier, signal: ctx.signal });
  } catch (e) {
    result = { ok: false as const, error: { code: 'tool_failed', message: `${name} failed: ${errorMessage(e)}` } };
  }
  rec.inFlight = undefined;

  const tree = result.ok && TREE_TOOLS.has(name) ? parseTreeResult(result.data) : null;
  let body: string;
  if (tree) {
    body = formatTreeResult(tree, plan.resultCap, plan.notice, name);
    rememberTreeLines(tree.tree, ctx.treeLines);
    await saveLatestTree({ tabId: rec.tabId, url: tree.url, title: tree.title, text: body, ts: Date.now() });
  } else if (result.ok) {
    body = formatGenericResult(result.data, plan.resultCap);
  } else {
    body = `ERROR ${result.error.code}: ${result.error.message}`;
  }

  const wasAtCheckpoint = guards.atCheckpoint();
  if (readOnly) guards.recordRead(tree);
  else guards.recordAction(result.ok);
  const loop = guards.recordCall(name, plan.args, body);

  const notes: string[] = [];
  if (plan.notice && !tree) notes.push(`NOTE: ${plan.notice}`);
  if (loop.kind === 'warn') {
    notes.push(
      `WARNING: this is the ${loop.count}th identical ${name} call with an identical result. Do something different or answer now; one more repeat stops the task.`,
    );
  }
  if (!wasAtCheckpoint && guards.atCheckpoint()) notes.push(`CHECKPOINT: ${guards.checkpointMessage()}`);
  // Refusals from the registry's own gate carry no page text: they are Weaverbird speaking.
  const fromGate = !result.ok && GATE_ERRORS.has(result.error.code);
  const text = [fromGate ? body : wrapUntrusted(rec.nonce, name, body), ...notes].join('\n');
  const stop =
    loop.kind === 'stop'
      ? `Stopped: the agent repeated ${name} with the same arguments and the same result ${loop.count} times (a loop).`
      : undefined;
  return { ok: result.ok, text, args: plan.args, ...(stop ? { stop } : {}) };
}
