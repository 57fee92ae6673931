import * as z from 'zod/mini';
import { ModeSchema } from '../modes';
import { ImageMetaSchema } from './image';
import {
  HANDOVER_COMMANDS,
  HANDOVER_EVENTS,
  HandoverStateSchema,
  PendingPlanSchema,
  PendingQuestionSchema,
} from './handover';

/** Name of the long-lived Port between the side panel and the service worker. */
export const AGENT_PORT = 'wb-agent';

const TabId = z.number().check(z.int(), z.nonnegative());

/** Side panel → worker over the Port. */
export const AgentCommandSchema = z.discriminatedUnion('type', [
  // Sends a `snapshot` of the tab's conversation, then live events for that tab.
  z.object({ type: z.literal('subscribe'), tabId: TabId }),
  z.object({ type: z.literal('start'), tabId: TabId, task: z.string().check(z.minLength(1)), mode: ModeSchema }),
  z.object({ type: z.literal('stop'), tabId: TabId }),
  z.object({ type: z.literal('new_chat'), tabId: TabId }),
  z.object({
    type: z.literal('approval'),
    tabId: TabId,
    approvalId: z.string(),
    decision: z.enum(['approve', 'deny']),
    // "Don't ask again" for this frame origin and action kind, for the rest of this task…
    trustSite: z.optional(z.boolean()),
    // …or for a duration the user picked ('hour'); 'task' is the same as trustSite.
    trustScope: z.optional(z.enum(['task', 'hour'])),
  }),
  ...HANDOVER_COMMANDS,
]);
export type AgentCommand = z.infer<typeof AgentCommandSchema>;

/**
 * Tokens as the provider reported them. `inputTokens` is the whole prompt, cached parts included;
 * `cachedInputTokens` (read from the provider's prompt cache) and `cacheWriteTokens` (written to it,
 * Anthropic) are the parts of it billed at other rates (sidepanel/pricing.ts).
 */
export const UsageSchema = z.object({
  inputTokens: z.number(),
  outputTokens: z.number(),
  cachedInputTokens: z.optional(z.number()),
  cacheWriteTokens: z.optional(z.number()),
});
export type Usage = z.infer<typeof UsageSchema>;

const TaskStatusSchema = z.enum([
  'running',
  'awaiting_approval',
  'done',
  'stopped',
  'error',
  'step_limit',
  'budget_limit',
  'interrupted',
]);
export type TaskStatus = z.infer<typeof TaskStatusSchema>;

const ChatMessageSchema = z.object({
  id: z.string(),
  role: z.enum(['user', 'assistant', 'tool', 'notice']),
  text: z.optional(z.string()),
  tool: z.optional(z.string()),
  args: z.optional(z.unknown()),
  ok: z.optional(z.boolean()),
  /** The tool result exactly as the model saw it (possibly long; the panel collapses it). */
  result: z.optional(z.string()),
  /** An image the tool produced: its id and shape only (the bytes stay in worker memory). */
  image: z.optional(ImageMetaSchema),
  ms: z.optional(z.number()),
  ts: z.number(),
});
export type ChatMessage = z.infer<typeof ChatMessageSchema>;

/** An approval the running task waits for, as the panel shows it. */
const PendingApprovalSchema = z.object({
  approvalId: z.string(),
  taskId: z.string(),
  tool: z.string(),
  args: z.unknown(),
  site: z.string(),
  description: z.string(),
  /** Action kind a "don't ask again" grant would cover (click, submit, navigate…). */
  kind: z.optional(z.string()),
  /** False when no grant may be offered: opaque or unknown origin, execute_js. */
  trustable: z.boolean(),
});
export type PendingApproval = z.infer<typeof PendingApprovalSchema>;

/**
 * One tab's conversation, as `shared/conversation.ts` folds it from the events: the worker keeps and
 * stores it, and sends it whole as the `snapshot` a reopened panel starts from.
 */
export const ConversationSchema = z.object({
  tabId: TabId,
  messages: z.array(ChatMessageSchema),
  status: z.optional(TaskStatusSchema),
  mode: z.optional(ModeSchema),
  taskUsage: UsageSchema,
  chatUsage: UsageSchema,
  model: z.optional(z.string()),
  taskId: z.optional(z.string()),
  /** While an MCP client drives the tab: its name, for the panel's "Driven by" banner. */
  driver: z.optional(z.string()),
  approval: z.optional(PendingApprovalSchema),
  /** Ids of the messages the current task produced, to tell whether its final answer was already streamed. */
  taskMessageIds: z.optional(z.array(z.string())),
  /** Count of LLM steps in the current task (one `usage` event per step). */
  steps: z.optional(z.number()),
  /** A plan, a question or a take-over the task waits on (shared/protocol/handover.ts). */
  plan: z.optional(PendingPlanSchema),
  question: z.optional(PendingQuestionSchema),
  handover: z.optional(HandoverStateSchema),
  /** The tab the running task acts on, when it works in more than one (new_tab, switch_tab). */
  actingTab: z.optional(z.object({ tabId: TabId, title: z.string() })),
});
export type Conversation = z.infer<typeof ConversationSchema>;

/** Worker → side panel events over the Port. Every event names its tab. */
export const AgentEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('snapshot'), tabId: TabId, conversation: ConversationSchema }),
  z.object({
    type: z.literal('task_started'),
    tabId: TabId,
    taskId: z.string(),
    mode: ModeSchema,
    /** The MCP client driving this session instead of the panel's model (background/mcp/, docs/mcp.md). */
    driver: z.optional(z.string()),
  }),
  z.object({
    type: z.literal('text_delta'),
    tabId: TabId,
    taskId: z.string(),
    messageId: z.string(),
    text: z.string(),
  }),
  z.object({
    type: z.literal('tool_call'),
    tabId: TabId,
    taskId: z.string(),
    callId: z.string(),
    tool: z.string(),
    args: z.unknown(),
  }),
  z.object({
    type: z.literal('tool_result'),
    tabId: TabId,
    taskId: z.string(),
    callId: z.string(),
    tool: z.string(),
    ok: z.boolean(),
    result: z.string(),
    ms: z.number(),
    image: z.optional(ImageMetaSchema),
  }),
  z.object({
    type: z.literal('approval_request'),
    tabId: TabId,
    taskId: z.string(),
    approvalId: z.string(),
    tool: z.string(),
    args: z.unknown(),
    /** Origin of the page the action would touch. */
    site: z.string(),
    /** What will happen, in words a person checks before approving ("Click button \"Pay $40\""). */
    description: z.string(),
    /** Action kind ("click", "submit", "send", "choose", "erase", "navigate", "execute_js", "other"): what a trust grant covers. */
    kind: z.optional(z.string()),
    /** False when "don't ask again" is not offered (opaque or unknown origin, execute_js). */
    trustable: z.optional(z.boolean()),
  }),
  z.object({
    type: z.literal('approval_resolved'),
    tabId: TabId,
    taskId: z.string(),
    approvalId: z.string(),
    decision: z.enum(['approve', 'deny']),
  }),
  z.object({
    type: z.literal('usage'),
    tabId: TabId,
    taskId: z.string(),
    step: UsageSchema,
    task: UsageSchema,
    chat: UsageSchema,
  }),
  // Older observations were compacted to keep the next request inside the model's context window.
  z.object({
    type: z.literal('compacted'),
    tabId: TabId,
    taskId: z.string(),
    /** Estimated prompt tokens before and after (calibrated on the provider's own counts when it gave them). */
    beforeTokens: z.number(),
    afterTokens: z.number(),
    savedTokens: z.number(),
    contextWindow: z.number(),
    /** How many tool results were summarised. */
    results: z.number(),
  }),
  z.object({
    type: z.literal('task_ended'),
    tabId: TabId,
    taskId: z.string(),
    status: TaskStatusSchema,
    answer: z.optional(z.string()),
    error: z.optional(z.string()),
  }),
  z.object({ type: z.literal('error'), tabId: z.optional(TabId), message: z.string() }),
  ...HANDOVER_EVENTS,
  /** The task turned to another of its tabs; `tabId` is the task's own (start) tab, as for every event. */
  z.object({
    type: z.literal('acting_tab'),
    tabId: TabId,
    taskId: z.string(),
    actingTabId: TabId,
    title: z.string(),
  }),
]);
export type AgentEvent = z.infer<typeof AgentEventSchema>;
