/**
 * The panel's view of one tab's conversation, and the pure reducer that folds worker events into it.
 * The worker's `snapshot` is authoritative: it replaces whatever the panel assembled from live events,
 * so a panel that was closed mid-task, or missed events while the worker restarted, catches up exactly.
 */
import type { AgentEvent, ChatMessage, Conversation, TaskStatus, Usage } from '../../src/protocol/agent';
import type { Mode } from '../../src/modes';

interface PendingApproval {
  approvalId: string;
  taskId: string;
  tool: string;
  args: unknown;
  site: string;
  description: string;
  /** Action kind a "don't ask again" grant would cover (click, submit, navigate…). */
  kind?: string;
  /** False when no grant may be offered: opaque or unknown origin, execute_js. */
  trustable: boolean;
}

export interface ChatState {
  tabId: number;
  messages: ChatMessage[];
  status?: TaskStatus;
  mode?: Mode;
  taskId?: string;
  taskUsage: Usage;
  chatUsage: Usage;
  model?: string;
  approval?: PendingApproval;
  /** Ids of the messages the current task produced, to tell whether its final answer was already streamed. */
  taskMessageIds: string[];
  /** Count of LLM steps in the current task (one `usage` event per step). */
  steps: number;
}

const ZERO: Usage = { inputTokens: 0, outputTokens: 0 };

export function emptyChat(tabId: number): ChatState {
  return { tabId, messages: [], taskUsage: ZERO, chatUsage: ZERO, taskMessageIds: [], steps: 0 };
}

export function isBusy(status: TaskStatus | undefined): boolean {
  return status === 'running' || status === 'awaiting_approval';
}

export function fromSnapshot(conversation: Conversation, previous?: ChatState): ChatState {
  const state: ChatState = {
    tabId: conversation.tabId,
    messages: conversation.messages,
    taskUsage: conversation.taskUsage,
    chatUsage: conversation.chatUsage,
    taskMessageIds: [],
    steps: 0,
  };
  if (conversation.status !== undefined) state.status = conversation.status;
  if (conversation.mode !== undefined) state.mode = conversation.mode;
  if (conversation.model !== undefined) state.model = conversation.model;
  // A snapshot has no field for a pending approval; keep the one we know of while the task still waits.
  if (previous?.tabId === conversation.tabId && conversation.status === 'awaiting_approval' && previous.approval) {
    state.approval = previous.approval;
    if (previous.taskId !== undefined) state.taskId = previous.taskId;
  }
  return state;
}

/** The user's message, shown at once; the worker's next snapshot replaces it with its own record. */
export function withLocalUserMessage(state: ChatState, text: string, now = Date.now()): ChatState {
  const message: ChatMessage = { id: `local-${now}-${state.messages.length}`, role: 'user', text, ts: now };
  return { ...state, messages: [...state.messages, message] };
}

export function withNotice(state: ChatState, text: string, isError: boolean, id?: string, now = Date.now()): ChatState {
  const message: ChatMessage = {
    id: id ?? `notice-${now}-${state.messages.length}`,
    role: 'notice',
    text,
    ok: !isError,
    ts: now,
  };
  return { ...state, messages: [...state.messages, message] };
}

function upsert(
  messages: ChatMessage[],
  id: string,
  make: () => ChatMessage,
  update: (m: ChatMessage) => ChatMessage,
): ChatMessage[] {
  const index = messages.findIndex((m) => m.id === id);
  if (index < 0) return [...messages, make()];
  const next = messages.slice();
  const existing = next[index];
  if (existing) next[index] = update(existing);
  return next;
}

function track(state: ChatState, id: string): string[] {
  return state.taskMessageIds.includes(id) ? state.taskMessageIds : [...state.taskMessageIds, id];
}

const ENDINGS: Partial<Record<TaskStatus, string>> = {
  stopped: 'Stopped.',
  step_limit: 'Stopped: the task reached its step limit. Ask again to continue.',
  interrupted: 'The task was interrupted (the browser stopped the agent). Ask again to continue.',
};

/** Folds one event for this tab into the state; events for other tabs leave it unchanged. */
export function applyEvent(state: ChatState, event: AgentEvent, now = Date.now()): ChatState {
  if (event.tabId !== undefined && event.tabId !== state.tabId) return state;
  switch (event.type) {
    case 'snapshot':
      return fromSnapshot(event.conversation, state);
    case 'task_started': {
      const next: ChatState = {
        ...state,
        status: 'running',
        mode: event.mode,
        taskId: event.taskId,
        taskMessageIds: [],
        steps: 0,
        taskUsage: ZERO,
      };
      delete next.approval;
      return next;
    }
    case 'text_delta':
      return {
        ...state,
        messages: upsert(
          state.messages,
          event.messageId,
          () => ({ id: event.messageId, role: 'assistant', text: event.text, ts: now }),
          (m) => ({ ...m, text: (m.text ?? '') + event.text }),
        ),
        taskMessageIds: track(state, event.messageId),
      };
    case 'tool_call':
      return {
        ...state,
        messages: upsert(
          state.messages,
          event.callId,
          () => ({ id: event.callId, role: 'tool', tool: event.tool, args: event.args, ts: now }),
          (m) => ({ ...m, tool: event.tool, args: event.args }),
        ),
        taskMessageIds: track(state, event.callId),
      };
    case 'tool_result':
      return {
        ...state,
        messages: upsert(
          state.messages,
          event.callId,
          () => ({
            id: event.callId,
            role: 'tool',
            tool: event.tool,
            ok: event.ok,
            result: event.result,
            ms: event.ms,
            ts: now,
          }),
          (m) => ({ ...m, ok: event.ok, result: event.result, ms: event.ms }),
        ),
        taskMessageIds: track(state, event.callId),
      };
    case 'approval_request':
      return {
        ...state,
        status: 'awaiting_approval',
        approval: {
          approvalId: event.approvalId,
          taskId: event.taskId,
          tool: event.tool,
          args: event.args,
          site: event.site,
          description: event.description,
          ...(event.kind !== undefined ? { kind: event.kind } : {}),
          trustable: event.trustable ?? false,
        },
      };
    case 'approval_resolved': {
      const pending = state.approval?.approvalId === event.approvalId ? state.approval : undefined;
      const verb = event.decision === 'approve' ? 'Approved' : 'Denied';
      const what = pending ? `: ${pending.description} on ${pending.site}` : '';
      const next = withNotice(state, `${verb}${what}`, false, `approval-${event.approvalId}`, now);
      if (pending) delete next.approval;
      if (next.status === 'awaiting_approval') next.status = 'running';
      return next;
    }
    case 'usage':
      return { ...state, taskUsage: event.task, chatUsage: event.chat, steps: state.steps + 1 };
    case 'task_ended': {
      let next: ChatState = { ...state, status: event.status };
      delete next.approval;
      const streamed = next.messages.some(
        (m) => m.role === 'assistant' && next.taskMessageIds.includes(m.id) && (m.text ?? '').trim() !== '',
      );
      if (event.answer !== undefined && event.answer.trim() !== '' && !streamed) {
        const id = `answer-${event.taskId}`;
        next = {
          ...next,
          messages: upsert(
            next.messages,
            id,
            () => ({ id, role: 'assistant', text: event.answer, ts: now }),
            (m) => m,
          ),
        };
      }
      if (event.error !== undefined) next = withNotice(next, event.error, true, `error-${event.taskId}`, now);
      else if (event.status === 'error')
        next = withNotice(next, 'The task failed.', true, `error-${event.taskId}`, now);
      const ending = ENDINGS[event.status];
      if (ending !== undefined && event.error === undefined)
        next = withNotice(next, ending, false, `end-${event.taskId}`, now);
      return next;
    }
    case 'error':
      return withNotice(state, event.message, true, undefined, now);
  }
}
