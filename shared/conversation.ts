/**
 * The one reducer that folds agent events into a tab's conversation. The worker folds every event
 * it emits and stores the result; the panel folds the same events live and, when it (re)opens,
 * starts from the worker's `snapshot`. Both run this code, so a reopened panel shows exactly the
 * chat it showed before it closed. Pure and immutable: no `chrome.*`, time comes in as `now`.
 */
import type { AgentEvent, ChatMessage, Conversation, PendingApproval, TaskStatus, Usage } from './protocol/agent';
import { applyHandoverEvent, withoutHandover } from './handover-conversation';
import { sliceSafe } from './text';

/** Stored tool results are cut here; the model saw the full text when it ran. */
export const STORED_RESULT_CHARS = 20_000;
/** Oldest messages go first past this, so one long chat cannot fill session storage. */
export const MAX_MESSAGES = 400;

const ZERO: Usage = { inputTokens: 0, outputTokens: 0 };

/** Notices for tasks that end without an error of their own. */
const ENDINGS: Partial<Record<TaskStatus, string>> = {
  stopped: 'Stopped.',
  step_limit: 'Stopped: the task reached its step limit. Ask again to continue.',
  interrupted: 'The task was interrupted (the browser stopped the agent). Ask again to continue.',
};

export function emptyConversation(tabId: number): Conversation {
  return { tabId, messages: [], taskUsage: ZERO, chatUsage: ZERO, taskMessageIds: [], steps: 0 };
}

export function isBusy(status: TaskStatus | undefined): boolean {
  return status === 'running' || status === 'awaiting_approval';
}

function capped(messages: ChatMessage[]): ChatMessage[] {
  return messages.length > MAX_MESSAGES ? messages.slice(messages.length - MAX_MESSAGES) : messages;
}

function withMessage(state: Conversation, message: ChatMessage): Conversation {
  return { ...state, messages: capped([...state.messages, message]) };
}

/** A user message no event carries: the worker records the task it starts, the panel shows what it sent. */
export function withUserMessage(state: Conversation, id: string, text: string, now = Date.now()): Conversation {
  return withMessage(state, { id, role: 'user', text, ts: now });
}

export function withNotice(
  state: Conversation,
  text: string,
  isError: boolean,
  id?: string,
  now = Date.now(),
): Conversation {
  const message: ChatMessage = {
    id: id ?? `notice-${now}-${state.messages.length}`,
    role: 'notice',
    text,
    ok: !isError,
    ts: now,
  };
  return withMessage(state, message);
}

function upsert(
  state: Conversation,
  id: string,
  make: () => ChatMessage,
  update: (m: ChatMessage) => ChatMessage,
): Conversation {
  const index = state.messages.findIndex((m) => m.id === id);
  const taskMessageIds = state.taskMessageIds ?? [];
  const tracked = taskMessageIds.includes(id) ? taskMessageIds : [...taskMessageIds, id];
  if (index < 0) return { ...state, messages: capped([...state.messages, make()]), taskMessageIds: tracked };
  const messages = state.messages.slice();
  const existing = messages[index];
  if (existing) messages[index] = update(existing);
  return { ...state, messages, taskMessageIds: tracked };
}

function storedResult(result: string): string {
  return result.length > STORED_RESULT_CHARS ? `${sliceSafe(result, STORED_RESULT_CHARS)}… [cut for storage]` : result;
}

function withoutApproval(state: Conversation): Conversation {
  const next = { ...state };
  delete next.approval;
  return next;
}

/** The worker's snapshot is authoritative; a pending approval the panel knows of survives it while the task waits. */
function fromSnapshot(conversation: Conversation, previous: Conversation): Conversation {
  const keep =
    conversation.approval === undefined &&
    previous.tabId === conversation.tabId &&
    conversation.status === 'awaiting_approval' &&
    previous.approval !== undefined;
  return keep ? { ...conversation, approval: previous.approval, taskId: previous.taskId } : conversation;
}

function withoutActingTab(state: Conversation): Conversation {
  const next = { ...state };
  delete next.actingTab;
  return next;
}

function taskEnded(state: Conversation, e: Extract<AgentEvent, { type: 'task_ended' }>, now: number): Conversation {
  const { driver: _driver, ...rest } = state;
  let next = withoutActingTab(withoutHandover(withoutApproval({ ...rest, status: e.status })));
  const ids = next.taskMessageIds ?? [];
  const streamed = next.messages.some((m) => m.role === 'assistant' && ids.includes(m.id) && (m.text ?? '').trim());
  if (e.answer !== undefined && e.answer.trim() !== '' && !streamed) {
    const id = `answer-${e.taskId}`;
    next = upsert(
      next,
      id,
      () => ({ id, role: 'assistant', text: e.answer, ts: now }),
      (m) => m,
    );
  }
  if (e.error !== undefined) return withNotice(next, e.error, true, `error-${e.taskId}`, now);
  if (e.status === 'error') return withNotice(next, 'The task failed.', true, `error-${e.taskId}`, now);
  const ending = ENDINGS[e.status];
  return ending === undefined ? next : withNotice(next, ending, false, `end-${e.taskId}`, now);
}

/** What the panel says when the loop compacted the task's older observations (background/agent/loop/compaction.ts). */
function compactedNotice(e: Extract<AgentEvent, { type: 'compacted' }>): string {
  const n = (x: number) => x.toLocaleString('en-US');
  return `Context compacted, saved ${n(e.savedTokens)} tokens: ${n(e.results)} older tool results summarised (${n(e.beforeTokens)} → ${n(e.afterTokens)} of a ${n(e.contextWindow)}-token window).`;
}

/** Folds one event for this tab into the conversation; events for other tabs leave it unchanged. */
export function applyEvent(state: Conversation, e: AgentEvent, now = Date.now()): Conversation {
  if (e.tabId !== undefined && e.tabId !== state.tabId) return state;
  switch (e.type) {
    case 'snapshot':
      return fromSnapshot(e.conversation, state);
    case 'task_started': {
      // A driver is the new task's own, never one left from an earlier session.
      const { driver: _driver, ...rest } = state;
      return withoutActingTab(
        withoutHandover(
          withoutApproval({
            ...rest,
            status: 'running',
            mode: e.mode,
            taskId: e.taskId,
            ...(e.driver !== undefined ? { driver: e.driver } : {}),
            taskMessageIds: [],
            steps: 0,
            taskUsage: ZERO,
          }),
        ),
      );
    }
    case 'text_delta':
      return upsert(
        state,
        e.messageId,
        () => ({ id: e.messageId, role: 'assistant', text: e.text, ts: now }),
        (m) => ({ ...m, text: (m.text ?? '') + e.text }),
      );
    case 'tool_call':
      return upsert(
        state,
        e.callId,
        () => ({ id: e.callId, role: 'tool', tool: e.tool, args: e.args, ts: now }),
        (m) => ({ ...m, tool: e.tool, args: e.args }),
      );
    case 'tool_result': {
      const result = storedResult(e.result);
      const image = e.image ? { image: e.image } : {};
      return upsert(
        state,
        e.callId,
        () => ({ id: e.callId, role: 'tool', tool: e.tool, ok: e.ok, result, ms: e.ms, ts: now, ...image }),
        (m) => ({ ...m, ok: e.ok, result, ms: e.ms, ...image }),
      );
    }
    case 'approval_request': {
      const { approvalId, taskId, tool, args, site, description } = e;
      const approval: PendingApproval = {
        approvalId,
        taskId,
        tool,
        args,
        site,
        description,
        ...(e.kind !== undefined ? { kind: e.kind } : {}),
        trustable: e.trustable ?? false,
      };
      return { ...state, status: 'awaiting_approval', approval };
    }
    case 'approval_resolved': {
      const pending = state.approval?.approvalId === e.approvalId ? state.approval : undefined;
      const verb = e.decision === 'approve' ? 'Approved' : 'Denied';
      const what = pending ? `: ${pending.description} on ${pending.site}` : '';
      let next = withNotice(state, `${verb}${what}`, false, `approval-${e.approvalId}`, now);
      if (pending) next = withoutApproval(next);
      return next.status === 'awaiting_approval' ? { ...next, status: 'running' } : next;
    }
    case 'compacted':
      return withNotice(state, compactedNotice(e), false, `compacted-${e.taskId}-${now}`, now);
    case 'usage':
      return { ...state, taskUsage: e.task, chatUsage: e.chat, steps: (state.steps ?? 0) + 1 };
    case 'task_ended':
      return taskEnded(state, e, now);
    case 'error':
      return withNotice(state, e.message, true, undefined, now);
    case 'plan_request':
    case 'plan_resolved':
    case 'question_request':
    case 'question_resolved':
    case 'handover':
      return applyHandoverEvent(state, e, now);
    case 'acting_tab':
      // Back on its own tab the task needs no pointer elsewhere.
      return e.actingTabId === state.tabId
        ? withoutActingTab(state)
        : { ...state, actingTab: { tabId: e.actingTabId, title: e.title } };
  }
}
