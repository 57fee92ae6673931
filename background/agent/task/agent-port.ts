import { AGENT_PORT, AgentCommandSchema, type AgentCommand } from '../../../shared/protocol/agent';
import { errorMessage } from '../../../shared/result';
import { addSubscriber, emit, forgetConversation, sendTo, subscribe } from './event-hub';
import { emptyConversation } from '../../../shared/conversation';
import { forgetTab } from './state-store';
import { startTask, stopTask } from './task-manager';
import { resolveApproval } from './task-approval';
import { runningTask } from './task-running';
import { handleHandoverCommand, isHandoverCommand } from './user-turns-commands';

type Subscriber = ReturnType<typeof addSubscriber>;

function isOwnExtensionPage(port: chrome.runtime.Port): boolean {
  // Only our own pages (the side panel, or the panel opened in a tab) may drive the agent.
  return port.sender?.id === chrome.runtime.id && (port.sender.url?.startsWith(chrome.runtime.getURL('')) ?? false);
}

export async function clearChat(tabId: number): Promise<void> {
  await stopTask(tabId);
  await forgetTab(tabId);
  forgetConversation(tabId);
  await emit({ type: 'snapshot', tabId, conversation: emptyConversation(tabId) });
}

async function handle(s: Subscriber, cmd: AgentCommand): Promise<void> {
  if (isHandoverCommand(cmd)) {
    const r = await handleHandoverCommand(cmd, runningTask(cmd.tabId)?.taskId ?? null);
    if (!r.ok) sendTo(s, { type: 'error', tabId: cmd.tabId, message: r.error.message });
    return;
  }
  switch (cmd.type) {
    case 'subscribe': {
      await subscribe(s, cmd.tabId);
      // A panel reopened during an approval prompt must see the prompt again.
      const pending = runningTask(cmd.tabId)?.pending;
      if (pending) sendTo(s, pending);
      return;
    }
    case 'start': {
      const started = await startTask(cmd.tabId, cmd.task, cmd.mode);
      if (!started.ok) sendTo(s, { type: 'error', tabId: cmd.tabId, message: started.error.message });
      return;
    }
    case 'stop':
      if (!(await stopTask(cmd.tabId)))
        sendTo(s, { type: 'error', tabId: cmd.tabId, message: 'No task is running in this tab.' });
      return;
    case 'new_chat':
      await clearChat(cmd.tabId);
      return;
    case 'approval': {
      const r = resolveApproval(
        cmd.tabId,
        cmd.approvalId,
        cmd.decision,
        cmd.trustScope ?? (cmd.trustSite === true ? 'task' : null),
      );
      if (!r.ok) sendTo(s, { type: 'error', tabId: cmd.tabId, message: r.error.message });
      return;
    }
  }
}

/** The `wb-agent` Port: commands in, events out. Registered at top level by the service worker. */
export function onAgentConnect(port: chrome.runtime.Port): void {
  if (port.name !== AGENT_PORT) return;
  if (!isOwnExtensionPage(port)) {
    port.disconnect();
    return;
  }
  const s = addSubscriber(port);
  port.onMessage.addListener((raw: unknown) => {
    const parsed = AgentCommandSchema.safeParse(raw);
    if (!parsed.success) {
      sendTo(s, {
        type: 'error',
        message: `malformed agent command: ${parsed.error.issues[0]?.message ?? 'unknown shape'}`,
      });
      return;
    }
    handle(s, parsed.data).catch((e: unknown) =>
      sendTo(s, { type: 'error', message: `agent command failed: ${errorMessage(e)}` }),
    );
  });
}
