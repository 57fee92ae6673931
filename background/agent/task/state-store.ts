import { modelMessageSchema, type ModelMessage } from 'ai';
import { turnOriginsKey } from '../../policy/carry-over';
import { z } from 'zod';
import { ConversationSchema, UsageSchema, type Conversation } from '../../../shared/protocol/agent';
import { ModeSchema } from '../../../shared/modes';
import { emptyConversation } from '../../../shared/conversation';
import { TaskTabsSchema } from './task-tabs-state';

/**
 * Everything a running task needs to go on after Chrome stops and restarts the worker. It lives in
 * chrome.storage.session: it survives worker restarts, is cleared when the browser session ends
 * (tab ids mean nothing after that), stays in memory rather than on disk (page content can be
 * private), and by default is not readable from content scripts.
 */
const TaskRecordSchema = z.object({
  taskId: z.string(),
  tabId: z.number(),
  mode: ModeSchema,
  task: z.string(),
  /** Set when an MCP client drives the task (background/mcp/): its name; such a task is never resumed. */
  driver: z.optional(z.string()),
  nonce: z.string(),
  step: z.number(),
  startedAt: z.number(),
  history: z.array(modelMessageSchema),
  guards: z.object({
    readsWithoutProgress: z.number(),
    seenPages: z.array(z.string()),
    callCounts: z.record(z.string(), z.number()),
  }),
  usage: UsageSchema,
  steps: z.array(z.object({ tool: z.string(), args: z.unknown(), result: z.string(), ok: z.boolean() })),
  malformedSteps: z.number(),
  /** The tool running when the record was written; an action here may or may not have happened. */
  inFlight: z.optional(z.object({ tool: z.string(), readOnly: z.boolean() })),
  resumes: z.number(),
  maxSteps: z.number(),
  /** The task's budget (shared/task-budget.ts): checked before every model call; absent: none. */
  budget: z.optional(z.object({ tokens: z.optional(z.number()), usd: z.optional(z.number()) })),
  /** The task's origin policy state (background/policy/origin-policy.ts): where it started, what the user approved. */
  origins: z.optional(z.object({ start: z.string(), approved: z.array(z.string()) })),
  /** Plan first (user-turns-exec.ts): whether page actions wait for an approved plan, and the plan the user approved. */
  planRequired: z.optional(z.boolean()),
  plan: z.optional(z.object({ steps: z.array(z.string()), sites: z.array(z.string()), changes: z.string() })),
  /** The task's tabs (task-tabs-state.ts): the one it acts on, those it opened, which tab minted which refs. */
  tabs: z.optional(TaskTabsSchema),
  /** Complete-read proof (background/agent/loop/read-progress.ts): the pages read of the latest tree snapshots. */
  readLog: z.optional(
    z.array(
      z.object({
        rev: z.string(),
        totalPages: z.number(),
        pages: z.array(z.number()),
        collapsed: z.array(z.string()),
        partial: z.array(z.string()),
        tokens: z.number(),
      }),
    ),
  ),
  /** Tool families the task loaded (background/agent/loop/tool-loading.ts): offered for the rest of the task. */
  families: z.optional(z.array(z.string())),
});
export type TaskRecord = z.infer<typeof TaskRecordSchema>;

const taskKey = (tabId: number) => `wb.task.${tabId}`;
const convKey = (tabId: number) => `wb.conv.${tabId}`;
const chatKey = (tabId: number) => `wb.chat.${tabId}`;
const treeKey = (tabId: number) => `wb.tree.${tabId}`;

async function getOne(key: string): Promise<unknown> {
  const raw: Record<string, unknown> = await chrome.storage.session.get(key);
  return raw[key];
}

/**
 * Per record object: whether its stored copy carries no action's in-flight mark, as far as this worker
 * wrote it. No entry (a record loaded after a restart, a write that failed) counts as "may carry one".
 */
const noActionStored = new WeakMap<TaskRecord, true>();

function noteWrite(rec: TaskRecord): void {
  if (rec.inFlight === undefined || rec.inFlight.readOnly) noActionStored.set(rec, true);
  else noActionStored.delete(rec);
}

export async function saveTask(rec: TaskRecord): Promise<void> {
  // The copy is taken when the call is made: what it holds is known now.
  noteWrite(rec);
  try {
    await chrome.storage.session.set({ [taskKey(rec.tabId)]: rec });
  } catch (e) {
    noActionStored.delete(rec);
    throw e;
  }
}

/**
 * Starts writing the record and returns without waiting for storage to confirm (issue 26: the
 * confirmation round trip was a share of every read the loop makes, growing with machine load).
 * The record is copied when the write starts (extension API arguments are serialised on the call),
 * and writes land in the order they were started, so a later awaited `saveTask` still wins. Only
 * for writes a lost copy cannot make unsafe: a read's in-flight mark (if it never lands, a
 * restarted worker resumes from the record saved before, or ends the task as interrupted when that
 * one shows an action in flight; it never repeats an action). An action's mark is awaited.
 */
export function saveTaskBehind(rec: TaskRecord): void {
  noteWrite(rec);
  writeBehind({ [taskKey(rec.tabId)]: rec }, 'task record', () => noActionStored.delete(rec));
}

/**
 * A read's in-flight mark (`rec.inFlight` set, read-only), stored only where it changes what a
 * restarted worker does: over an action's mark (task-resume.ts ends a task whose action was in
 * flight, and resumes one whose read was, as it resumes one with no mark). Otherwise the stored
 * record stays the one the last step or action saved (runner.ts saves it after every step), and the
 * read costs no copy of the whole record, which holds every result of the task so far (issue 26).
 */
export function saveReadMark(rec: TaskRecord): void {
  if (!noActionStored.has(rec)) saveTaskBehind(rec);
}

function writeBehind(items: Record<string, unknown>, what: string, failed?: () => void): void {
  chrome.storage.session.set(items).catch((e: unknown) => {
    failed?.();
    console.warn(`Weaverbird: could not save the ${what}:`, e instanceof Error ? e.message : String(e));
  });
}

export async function deleteTask(tabId: number): Promise<void> {
  await chrome.storage.session.remove(taskKey(tabId));
}

/** Every task record in session storage: the tasks that were running when the worker last stopped. */
export async function listTasks(): Promise<TaskRecord[]> {
  const all: Record<string, unknown> = await chrome.storage.session.get(null);
  const out: TaskRecord[] = [];
  for (const [key, value] of Object.entries(all)) {
    if (!key.startsWith('wb.task.')) continue;
    const parsed = TaskRecordSchema.safeParse(value);
    if (parsed.success) out.push(parsed.data);
    else await chrome.storage.session.remove(key);
  }
  return out;
}

export async function loadConversation(tabId: number): Promise<Conversation> {
  const parsed = ConversationSchema.safeParse(await getOne(convKey(tabId)));
  return parsed.success ? parsed.data : emptyConversation(tabId);
}

export async function saveConversation(conv: Conversation): Promise<void> {
  await chrome.storage.session.set({ [convKey(conv.tabId)]: conv });
}

/** Earlier tasks of this tab's chat, compacted to question and answer, so follow-ups have context. */
export async function loadChatHistory(tabId: number): Promise<ModelMessage[]> {
  const parsed = z.array(modelMessageSchema).safeParse(await getOne(chatKey(tabId)));
  return parsed.success ? parsed.data : [];
}

export async function saveChatHistory(tabId: number, history: ModelMessage[]): Promise<void> {
  // The last 20 exchanges are plenty of context and keep each tab's share of the quota small.
  await chrome.storage.session.set({ [chatKey(tabId)]: history.slice(-40) });
}

const LatestTreeSchema = z.object({
  tabId: z.number(),
  url: z.string(),
  title: z.string(),
  text: z.string(),
  ts: z.number(),
});
export type LatestTree = z.infer<typeof LatestTreeSchema>;

/**
 * The tree the panel's "latest tree" view shows; nothing in a task reads it back, so the call does
 * not wait for storage to confirm (writeBehind; a later tree's write lands after this one).
 */
export function saveLatestTree(tree: LatestTree): void {
  writeBehind({ [treeKey(tree.tabId)]: tree }, 'latest tree');
}

export async function loadLatestTree(tabId: number): Promise<LatestTree | null> {
  const parsed = LatestTreeSchema.safeParse(await getOne(treeKey(tabId)));
  return parsed.success ? parsed.data : null;
}

export async function forgetTab(tabId: number): Promise<void> {
  await chrome.storage.session.remove([
    taskKey(tabId),
    convKey(tabId),
    chatKey(tabId),
    treeKey(tabId),
    turnOriginsKey(tabId),
  ]);
}
