import { streamText, type ModelMessage, type ProviderMetadata, type ToolResultPart } from 'ai';
import type { TaskStatus, Usage } from '../../../shared/protocol/agent';
import { errorMessage } from '../../../shared/result';
import { PROVIDERS } from '../../../shared/providers';
import { createLanguageModel } from '../../providers/create-model';
import { describeProviderError, ProviderTimeoutError } from '../../providers/errors';
import { loadSettings } from '../../settings-store';
import { familiesToLoad, getTool, shownTools, toolsFor } from '../../tools/registry';
import { loadedFamilies } from './tool-loading';
import { conversationOf, emit } from '../task/event-hub';
import { Guards } from './guards';
import { saveTask, type TaskRecord } from '../task/state-store';
import { buildSystemPrompt, pageNote } from './system-prompt';
import { compactBeforeStep, ContextMeter, isContextOverflow } from './compaction-step';
import { withPromptCache } from './prompt-cache';
import { addUsage, usageOfStep } from '../../../shared/usage';
import { maxReadPage } from './budgets';
import { toolDefinitions } from './tool-defs';
import { executeCall, type ApprovalAsk, type ExecOutcome } from './tool-exec';
import { metaOf, type StoredImage } from '../../vision/image-store';
import { withStepImages } from '../../vision/vision-messages';
import { handoverSkip, holdIfTakenOver } from '../task/user-turns-exec';
import { actingTab } from '../task/task-tabs';
import { raceAbort } from '../../../shared/timeout';
import { budgetCrossed, budgetStopMessage } from '../../../shared/task-budget';

export const DEFAULT_MAX_STEPS = 30;
/** A small local model that cannot form a tool call three times running will not learn on the fourth. */
const MAX_MALFORMED_STEPS = 3;

export interface TaskOutcome {
  status: TaskStatus;
  answer?: string;
  error?: string;
}

/**
 * A step may think for 5 minutes, but a stream silent for 2 minutes is dead: local models can take
 * a minute to read a long prompt before the first token, hosted ones rarely pause that long.
 */
export const DEFAULT_TIMEOUTS = { stepMs: 5 * 60_000, chunkMs: 2 * 60_000 } as const;

export interface RunControl {
  signal: AbortSignal;
  timeouts: { stepMs: number; chunkMs: number };
  maxSteps: number;
  resumed: boolean;
  chatHistory: ModelMessage[];
  requestApproval(ask: ApprovalAsk): Promise<'approve' | 'deny'>;
}

function shortId(): string {
  return crypto.randomUUID().slice(0, 8);
}

async function pageOf(tabId: number): Promise<{ url: string; title: string }> {
  try {
    const tab = await chrome.tabs.get(tabId);
    return { url: tab.url ?? '', title: tab.title ?? '' };
  } catch {
    return { url: '', title: '' };
  }
}

interface StepCall {
  providerId: string;
  /** Provider data that must travel back with the call (Gemini's thought signature). */
  providerMetadata?: ProviderMetadata;
  tool: string;
  input: unknown;
  invalid: boolean;
}

type Settings = Awaited<ReturnType<typeof loadSettings>>;
type ErrorCtx = Parameters<typeof describeProviderError>[1];
type EventBase = { tabId: number; taskId: string };

/** What one streamed model step produced. */
interface StepStream {
  text: string;
  calls: StepCall[];
  usage: Usage;
  /** The provider's error, a timeout, or null when the stream ended normally. */
  failure: unknown;
}

/** What the tool calls of one step produced. */
interface CallsOutcome {
  results: ToolResultPart[];
  /** Set by a tool that ends the task (its reason, shown to the user). */
  stop: string | undefined;
  /** The status that ending has when it is not an error. */
  stopStatus?: 'stopped';
  /** Calls that failed because they were malformed (unknown tool, arguments not JSON). */
  malformed: number;
  /** Images the step's tools produced, by tool call id: attached to the next request only. */
  images: Map<string, StoredImage>;
}

/**
 * The agent loop: one streamed model step at a time, then the step's tool calls run in order.
 * The record is saved after every step, so a restarted worker continues from the last whole step.
 */
export async function runTask(rec: TaskRecord, ctl: RunControl): Promise<TaskOutcome> {
  const settings = await loadSettings();
  const errorCtx: ErrorCtx = {
    providerLabel: PROVIDERS[settings.provider].label,
    model: settings.model,
    baseURL: settings.baseURL,
    secrets: settings.apiKey ? [settings.apiKey] : [],
  };
  const model = createLanguageModel(settings);
  if (!model.ok) return { status: 'error', error: model.error.message };
  const guards = new Guards(rec.guards);
  const treeLines = new Map<string, string>();
  const base: EventBase = { tabId: rec.tabId, taskId: rec.taskId };
  // In memory only (vision/image-store.ts): a resumed task has none, and its history holds the ids.
  let images = new Map<string, StoredImage>();
  const wire = PROVIDERS[settings.provider].wire;
  // Calibrated on the provider's token counts as steps come back (compaction.ts).
  const meter = new ContextMeter();
  let overflowRetried = false;

  while (rec.step < ctl.maxSteps) {
    if (ctl.signal.aborted) return { status: 'stopped' };
    // Before each model call, after the last step's calls ran: the history stays whole for a later "continue".
    const over = budgetCrossed(rec.usage, rec.budget, settings);
    if (over) return { status: 'budget_limit', error: budgetStopMessage(over, rec.steps) };
    // Take over: the task waits here, between steps, until the user presses Resume.
    if (!(await holdIfTakenOver(rec, ctl.signal))) return { status: 'stopped' };
    // Rarely used tools are shown once their family is loaded (tool-loading.ts); the gate judges calls on toolsFor.
    const offered = shownTools(rec.mode, settings.tier, settings.vision, loadedFamilies(rec));
    // At the checkpoint the model is offered actions only; in Ask mode that leaves answering.
    const active = (guards.atCheckpoint() ? offered.filter((t) => !t.readOnly) : offered).map((t) => t.name);
    const prompt = await systemPromptFor(rec, ctl, settings, active);
    const request = { ...prompt, chatHistory: ctl.chatHistory, tools: toolDefinitions(), active };
    const compaction = { meter, contextWindow: settings.contextWindow, enabled: settings.compaction, base };
    const sent = await compactBeforeStep(rec, request, { ...compaction, force: overflowRetried });
    const attach = (messages: ModelMessage[]) => withStepImages(messages, images, wire);
    const step = await streamStep(model.data, { ...request, wire }, rec, ctl, base, attach);
    if (ctl.signal.aborted) return { status: 'stopped' };
    // The provider counted more than we estimated: compact hard and send the step once more.
    if (step.failure !== null && settings.compaction && !overflowRetried && isContextOverflow(step.failure)) {
      meter.distrust();
      overflowRetried = true;
      continue;
    }
    images = new Map();
    if (step.failure !== null) return { status: 'error', error: describeProviderError(step.failure, errorCtx).message };
    overflowRetried = false;
    meter.observe(sent, step.usage.inputTokens);
    await recordUsage(rec, step.usage, base);

    if (step.calls.length === 0) return finalAnswer(rec, step.text, errorCtx);
    pushAssistantTurn(rec, step.text, step.calls);
    const done = await runCalls(step.calls, rec, ctl, base, { guards, settings, treeLines });
    images = done.images;
    rec.history.push({ role: 'tool', content: done.results });
    rec.malformedSteps = done.malformed === step.calls.length ? rec.malformedSteps + 1 : 0;
    rec.step++;
    rec.guards = guards.snapshot();
    await saveTask(rec);
    if (ctl.signal.aborted) return { status: 'stopped' };
    if (done.stop) return { status: done.stopStatus ?? 'error', error: done.stop };
    if (rec.malformedSteps >= MAX_MALFORMED_STEPS) return malformedError(rec);
  }
  return {
    status: 'step_limit',
    error: `Stopped after ${ctl.maxSteps} steps without an answer (the step limit). Ask again with a narrower task, or continue.`,
  };
}

/**
 * The prompt is rebuilt every step. The system prompt stays byte-stable (prompt caching); the page's
 * URL and title, which may have changed, go in a note after the history (`tail`).
 */
async function systemPromptFor(
  rec: TaskRecord,
  ctl: RunControl,
  settings: Settings,
  active: string[],
): Promise<{ system: string; tail: ModelMessage[] }> {
  // The tab the task acts on now (task-tabs.ts): after new_tab or switch_tab, not the start tab.
  const page = await pageOf(actingTab(rec));
  const note = pageNote({ nonce: rec.nonce, pageUrl: page.url, pageTitle: page.title });
  const system = buildSystemPrompt({
    mode: rec.mode,
    tier: settings.tier,
    nonce: rec.nonce,
    tools: active,
    pageUrl: page.url,
    pageTitle: page.title,
    maxSteps: ctl.maxSteps,
    maxReadPage: maxReadPage(settings.tier, settings.contextWindow),
    resumed: ctl.resumed,
    planPending: rec.planRequired === true && !rec.plan,
    more: familiesToLoad(toolsFor(rec.mode, settings.tier, settings.vision), settings.tier, loadedFamilies(rec)),
  });
  return { system, tail: [{ role: 'user', content: note }] };
}

/** Streams one model step, forwarding text to the panel as it arrives and collecting tool calls. */
async function streamStep(
  model: Parameters<typeof streamText>[0]['model'],
  req: Omit<Parameters<typeof withPromptCache>[1], 'history'> & {
    chatHistory: readonly ModelMessage[];
    wire: Parameters<typeof withPromptCache>[0];
  },
  rec: TaskRecord,
  ctl: RunControl,
  base: EventBase,
  attach: (messages: ModelMessage[]) => ModelMessage[],
): Promise<StepStream> {
  const messageId = `${rec.taskId}-m${rec.step}-${shortId()}`;
  const out: StepStream = { text: '', calls: [], usage: { inputTokens: 0, outputTokens: 0 }, failure: null };
  try {
    // Cache breakpoints on Anthropic (prompt-cache.ts); the page note stays after the stable prefix.
    const marked = withPromptCache(req.wire, { ...req, history: attach([...req.chatHistory, ...rec.history]) });
    const result = streamText({
      model,
      system: marked.system,
      messages: marked.messages,
      tools: marked.tools,
      activeTools: [...req.active],
      abortSignal: ctl.signal,
      // 429 and 5xx are retried with exponential backoff, honouring retry-after headers.
      maxRetries: 3,
      timeout: ctl.timeouts,
      // The default handler logs the error to the console; ours reports it to the user instead.
      onError: () => undefined,
    });
    for await (const part of result.fullStream) {
      if (part.type === 'text-delta' && part.text) {
        out.text += part.text;
        await emit({ type: 'text_delta', ...base, messageId, text: part.text });
      } else if (part.type === 'tool-call') {
        out.calls.push({
          providerId: part.toolCallId,
          tool: part.toolName,
          input: part.input,
          invalid: part.invalid === true,
          ...(part.providerMetadata ? { providerMetadata: part.providerMetadata } : {}),
        });
      } else if (part.type === 'finish-step') {
        out.usage = usageOfStep(part.usage);
      } else if (part.type === 'error') {
        out.failure = part.error;
      } else if (part.type === 'abort' && !ctl.signal.aborted) {
        // Not the user's stop: the SDK's own step/chunk timeout fired.
        out.failure = new ProviderTimeoutError(part.reason ?? 'no data before the timeout');
      }
    }
  } catch (e) {
    out.failure = e;
  }
  return out;
}

/** Adds the step's tokens to the task's and the chat's totals and tells the panel. */
async function recordUsage(rec: TaskRecord, usage: Usage, base: EventBase): Promise<void> {
  rec.usage = addUsage(rec.usage, usage);
  const conv = await conversationOf(rec.tabId);
  const chat = addUsage(conv.chatUsage, usage);
  await emit({ type: 'usage', ...base, step: usage, task: rec.usage, chat });
}

/** A step with no tool call ends the task: its text is the answer (an empty one is an error). */
function finalAnswer(rec: TaskRecord, text: string, errorCtx: ErrorCtx): TaskOutcome {
  const answer = text.trim();
  if (!answer)
    return {
      status: 'error',
      error: `${errorCtx.providerLabel} (${errorCtx.model}) returned an empty reply with no tool call. Try again or pick a larger model.`,
    };
  rec.history.push({ role: 'assistant', content: [{ type: 'text', text }] });
  return { status: 'done', answer };
}

function pushAssistantTurn(rec: TaskRecord, text: string, calls: StepCall[]): void {
  rec.history.push({
    role: 'assistant',
    content: [
      ...(text ? [{ type: 'text' as const, text }] : []),
      ...calls.map((c) => ({
        type: 'tool-call' as const,
        toolCallId: c.providerId,
        toolName: c.tool,
        input: c.input ?? {},
        // Gemini 2.5+ signs its reasoning per function call and expects the signature back with
        // the call in later turns; dropping it loses the model's reasoning context.
        ...(c.providerMetadata ? { providerOptions: c.providerMetadata } : {}),
      })),
    ],
  });
}

/**
 * Runs the step's tool calls in order through executeCall (approval, guards, the tool). After a
 * call that stops the task, or the user's stop, the rest are answered as skipped, not run.
 */
async function runCalls(
  calls: StepCall[],
  rec: TaskRecord,
  ctl: RunControl,
  base: EventBase,
  env: { guards: Guards; settings: Settings; treeLines: Map<string, string> },
): Promise<CallsOutcome> {
  const out: CallsOutcome = { results: [], stop: undefined, malformed: 0, images: new Map() };
  for (const call of calls) {
    const callId = `${rec.taskId}-c${rec.step}-${shortId()}`;
    await emit({ type: 'tool_call', ...base, callId, tool: call.tool, args: call.input });
    const started = Date.now();
    const skip =
      out.stop || ctl.signal.aborted
        ? 'SKIPPED: the task was stopped before this call ran.'
        : await handoverSkip(rec.tabId);
    // Stop ends the task within a moment even when the call never returns (a page blocked by a
    // dialog or a busy script): the call is abandoned, its own deadline still ends it later.
    const outcome: ExecOutcome = skip
      ? { ok: false, text: skip, args: call.input }
      : await raceAbort(
          executeCall(call.tool, call.input, {
            rec,
            guards: env.guards,
            tier: env.settings.tier,
            contextWindow: env.settings.contextWindow,
            vision: env.settings.vision,
            signal: ctl.signal,
            treeLines: env.treeLines,
            requestApproval: ctl.requestApproval,
          }),
          ctl.signal,
          () => ({ ok: false, text: 'CANCELLED: the user stopped the task during this call.', args: call.input }),
          // A little above the registry's own grace (300 ms), so a tool that heard the abort still answers.
          400,
        );
    if (outcome.stop) out.stop = outcome.stop;
    if ('stopStatus' in outcome && outcome.stopStatus) out.stopStatus = outcome.stopStatus;
    // Malformed: a tool name that does not exist or arguments that are not JSON. A real tool
    // outside the mode is a refusal the loop guard handles, not a malformed call.
    if (call.invalid && !outcome.ok && (!getTool(call.tool) || typeof call.input === 'string')) out.malformed++;
    await emit({
      type: 'tool_result',
      ...base,
      callId,
      tool: call.tool,
      ok: outcome.ok,
      result: outcome.text,
      ms: Date.now() - started,
      ...('image' in outcome && outcome.image ? { image: metaOf(outcome.image) } : {}),
    });
    if ('image' in outcome && outcome.image) out.images.set(call.providerId, outcome.image);
    rec.steps.push({ tool: call.tool, args: outcome.args, result: outcome.text, ok: outcome.ok });
    out.results.push({
      type: 'tool-result',
      toolCallId: call.providerId,
      toolName: call.tool,
      output: { type: 'text', value: outcome.text },
    });
  }
  return out;
}

function malformedError(rec: TaskRecord): TaskOutcome {
  const last = rec.steps.at(-1)?.result ?? '';
  return {
    status: 'error',
    error: `The model sent malformed tool calls ${rec.malformedSteps} times in a row (last: ${last.slice(0, 200)}). Try a larger model or the Compact tier.`,
  };
}

export function internalError(e: unknown): TaskOutcome {
  return { status: 'error', error: `Weaverbird hit an internal error: ${errorMessage(e)}` };
}
