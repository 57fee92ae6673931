import type { AgentEvent, Conversation } from '../../../shared/protocol/agent';
import { applyEvent, withNotice, withUserMessage } from '../../../shared/conversation';
import { loadConversation, saveConversation } from './state-store';

type Listener = (e: AgentEvent) => void;

interface Subscriber {
  port: chrome.runtime.Port;
  tabIds: Set<number>;
}

const subscribers = new Set<Subscriber>();
const listeners = new Set<Listener>();
/** Conversations of tabs touched since the worker started; storage is the source after a restart. */
const conversations = new Map<number, Conversation>();
const saveTimers = new Map<number, ReturnType<typeof setTimeout>>();

export async function conversationOf(tabId: number): Promise<Conversation> {
  let conv = conversations.get(tabId);
  if (!conv) {
    conv = await loadConversation(tabId);
    // Another call may have loaded it while we awaited.
    conv = conversations.get(tabId) ?? conv;
    conversations.set(tabId, conv);
  }
  return conv;
}

export function forgetConversation(tabId: number): void {
  conversations.delete(tabId);
}

/** Text deltas arrive many per second; writes are batched, everything else is written at once. */
function scheduleSave(conv: Conversation, soon: boolean): void {
  const pending = saveTimers.get(conv.tabId);
  if (pending) clearTimeout(pending);
  saveTimers.set(
    conv.tabId,
    setTimeout(
      () => {
        saveTimers.delete(conv.tabId);
        void saveConversation(conv);
      },
      soon ? 0 : 400,
    ),
  );
}

export async function flushConversation(tabId: number): Promise<void> {
  const pending = saveTimers.get(tabId);
  if (pending) clearTimeout(pending);
  saveTimers.delete(tabId);
  const conv = conversations.get(tabId);
  if (conv) await saveConversation(conv);
}

function post(port: chrome.runtime.Port, e: AgentEvent): void {
  try {
    port.postMessage(e);
  } catch {
    // The panel closed between our check and the post; onDisconnect will drop it.
  }
}

/**
 * Events whose write may wait for the next one (400 ms at most): text deltas, and a tool call, whose
 * result follows when the call ends. Written at once, the whole conversation (every page read so far)
 * was copied and stored while the call ran, on the worker's thread (issue 26); a worker that stops
 * during the call loses only that call's line, and the task record says what was in flight.
 */
const BATCHED: ReadonlySet<AgentEvent['type']> = new Set(['text_delta', 'tool_call']);

/** Sends one event to the panels watching its tab, folds it into the conversation and persists. */
export async function emit(e: AgentEvent): Promise<void> {
  if (e.tabId !== undefined) {
    const conv = applyEvent(await conversationOf(e.tabId), e);
    conversations.set(e.tabId, conv);
    scheduleSave(conv, !BATCHED.has(e.type));
  }
  for (const s of subscribers) {
    if (e.tabId === undefined || s.tabIds.has(e.tabId)) post(s.port, e);
  }
  for (const l of listeners) l(e);
}

/** Adds a user message that no event carries (the panel already shows what it sent). */
export async function addUserMessage(tabId: number, id: string, text: string): Promise<void> {
  const conv = withUserMessage(await conversationOf(tabId), id, text);
  conversations.set(tabId, conv);
  scheduleSave(conv, true);
}

export async function addNotice(tabId: number, text: string): Promise<void> {
  const conv = withNotice(await conversationOf(tabId), text, false);
  conversations.set(tabId, conv);
  scheduleSave(conv, true);
}

export function addSubscriber(port: chrome.runtime.Port): Subscriber {
  const s: Subscriber = { port, tabIds: new Set() };
  subscribers.add(s);
  port.onDisconnect.addListener(() => subscribers.delete(s));
  return s;
}

export async function subscribe(s: Subscriber, tabId: number): Promise<void> {
  s.tabIds.add(tabId);
  post(s.port, { type: 'snapshot', tabId, conversation: await conversationOf(tabId) });
}

export function sendTo(s: Subscriber, e: AgentEvent): void {
  post(s.port, e);
}
