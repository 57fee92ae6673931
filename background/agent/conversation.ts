import type { AgentEvent, ChatMessage, Conversation } from '../../src/protocol/agent';

/** Stored tool results are cut here; the model saw the full text when it ran. */
const STORED_RESULT_CHARS = 20_000;
/** Oldest messages go first past this, so one long chat cannot fill session storage. */
const MAX_MESSAGES = 400;

export function emptyConversation(tabId: number): Conversation {
  return {
    tabId,
    messages: [],
    taskUsage: { inputTokens: 0, outputTokens: 0 },
    chatUsage: { inputTokens: 0, outputTokens: 0 },
  };
}

function upsert(conv: Conversation, id: string, make: () => ChatMessage, edit: (m: ChatMessage) => void): void {
  let msg = conv.messages.find((m) => m.id === id);
  if (!msg) {
    msg = make();
    conv.messages.push(msg);
  }
  edit(msg);
}

function notice(conv: Conversation, id: string, text: string): void {
  conv.messages.push({ id, role: 'notice', text, ts: Date.now() });
}

/**
 * Folds one event into the tab's conversation, so a panel that reopens gets from the snapshot
 * exactly what it would have built from the live events.
 */
export function applyEvent(conv: Conversation, e: AgentEvent): void {
  const ts = Date.now();
  switch (e.type) {
    case 'task_started':
      conv.status = 'running';
      conv.mode = e.mode;
      conv.taskUsage = { inputTokens: 0, outputTokens: 0 };
      break;
    case 'text_delta':
      upsert(
        conv,
        e.messageId,
        () => ({ id: e.messageId, role: 'assistant', text: '', ts }),
        (m) => {
          m.text = (m.text ?? '') + e.text;
        },
      );
      break;
    case 'tool_call':
      upsert(
        conv,
        e.callId,
        () => ({ id: e.callId, role: 'tool', tool: e.tool, args: e.args, ts }),
        () => undefined,
      );
      break;
    case 'tool_result':
      upsert(
        conv,
        e.callId,
        () => ({ id: e.callId, role: 'tool', tool: e.tool, ts }),
        (m) => {
          m.ok = e.ok;
          m.result =
            e.result.length > STORED_RESULT_CHARS
              ? `${e.result.slice(0, STORED_RESULT_CHARS)}… [cut for storage]`
              : e.result;
          m.ms = e.ms;
        },
      );
      break;
    case 'approval_request':
      conv.status = 'awaiting_approval';
      notice(conv, `approval-${e.approvalId}`, `Approval needed on ${e.site}: ${e.description}`);
      break;
    case 'approval_resolved':
      conv.status = 'running';
      notice(
        conv,
        `approval-${e.approvalId}-done`,
        e.decision === 'approve' ? 'Approved.' : 'Denied: the agent was told you refused.',
      );
      break;
    case 'usage':
      conv.taskUsage = e.task;
      conv.chatUsage = e.chat;
      break;
    case 'task_ended':
      conv.status = e.status;
      if (e.error) notice(conv, `end-${e.taskId}`, e.error);
      break;
    case 'error':
      notice(conv, `error-${ts}-${conv.messages.length}`, e.message);
      break;
    case 'snapshot':
      break;
  }
  if (conv.messages.length > MAX_MESSAGES) conv.messages.splice(0, conv.messages.length - MAX_MESSAGES);
}
