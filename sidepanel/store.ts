/**
 * The panel's state as signals, and the actions components call. Components stay small and dumb:
 * they read these signals and call these functions; only this module talks to the worker's Port.
 */
import { computed, signal } from '@preact/signals';
import type { Mode } from '../shared/modes';
import type { AgentCommand, AgentEvent } from '../shared/protocol/agent';
import type { TabInfo } from '../shared/protocol/panel';
import type { PublicSettings } from '../shared/settings';
import { AgentConnection } from './lib/agent-port';
import { needsSetup } from './lib/settings-form';
import {
  DEFAULT_PREFS,
  loadDrafts,
  loadPrefs,
  saveDrafts,
  savePrefs,
  type Drafts,
  type Pane,
  type Prefs,
} from './lib/ui-prefs';
import { fetchSettings, fetchTabInfo, resolveTargetTabId } from './panel-client';
import { applyEvent, emptyConversation, isBusy, withNotice, withUserMessage } from '../shared/conversation';
import type { Conversation } from '../shared/protocol/agent';

export type View = 'chat' | 'settings';

export const tabId = signal<number | null>(null);
export const tabInfo = signal<TabInfo | null>(null);
export const tabError = signal<string | null>(null);
export const chat = signal<Conversation | null>(null);
export const settings = signal<PublicSettings | null>(null);
export const settingsStatus = signal<'loading' | 'ready' | 'missing' | 'error'>('loading');
export const settingsError = signal<string | null>(null);
export const view = signal<View>('chat');
export const prefs = signal<Prefs>(DEFAULT_PREFS);
const drafts = signal<Drafts>({});
export const connected = signal(false);
/** Problems the panel itself noticed (malformed events, unreachable worker); dismissible. */
export const panelNotices = signal<string[]>([]);
/** Bumped when the agent read a new tree or finished a step, so the verbose panes refetch. */
export const treeTick = signal(0);
export const traceTick = signal(0);
/** Between pressing Send and the worker's `task_started`. */
export const starting = signal(false);

export const busy = computed(() => starting.value || isBusy(chat.value?.status));
export const draft = computed(() => (tabId.value === null ? '' : (drafts.value[String(tabId.value)] ?? '')));

let connection: AgentConnection | null = null;
let startTimer: ReturnType<typeof setTimeout> | null = null;

function notice(text: string): void {
  panelNotices.value = [...panelNotices.value.slice(-4), text];
}

export function dismissNotice(index: number): void {
  panelNotices.value = panelNotices.value.filter((_, i) => i !== index);
}

function clearStarting(): void {
  starting.value = false;
  if (startTimer) clearTimeout(startTimer);
  startTimer = null;
}

function handleEvent(event: AgentEvent): void {
  const current = chat.value;
  if (current === null || (event.tabId !== undefined && event.tabId !== current.tabId)) return;
  if (
    event.type === 'task_started' ||
    event.type === 'task_ended' ||
    event.type === 'snapshot' ||
    event.type === 'error'
  )
    clearStarting();
  chat.value = applyEvent(current, event);
  if (event.type === 'tool_result' && /tree|snapshot|read|find/i.test(event.tool)) treeTick.value++;
  if (event.type === 'usage' || event.type === 'task_ended') traceTick.value++;
  if (event.type === 'task_ended') treeTick.value++;
}

function ensureConnection(): AgentConnection {
  connection ??= new AgentConnection({
    onEvent: handleEvent,
    onBadEvent: notice,
    onConnectionChange: (c) => {
      connected.value = c;
    },
  });
  return connection;
}

/**
 * The tab whose chat the panel shows for the active tab `id`: a tab a running task opened belongs to
 * that task, so the panel stays on the task's chat while the task works there (issue 15, tabs).
 */
async function chatTabFor(id: number | null): Promise<number | null> {
  if (id === null) return null;
  const reply = await fetchTabInfo(id);
  return reply.ok && reply.data.taskTab !== undefined ? reply.data.taskTab : id;
}

async function selectTab(id: number | null): Promise<void> {
  if (id === null) {
    tabId.value = null;
    tabError.value = 'No tab to work on: open a web page in this window.';
    return;
  }
  if (tabId.value !== id) {
    tabId.value = id;
    chat.value = emptyConversation(id);
    clearStarting();
    ensureConnection().subscribe(id);
  }
  const reply = await fetchTabInfo(id);
  if (tabId.value !== id) return;
  if (reply.ok) {
    tabInfo.value = reply.data;
    tabError.value = null;
  } else {
    tabInfo.value = null;
    tabError.value = reply.error.message;
  }
}

async function loadSettings(): Promise<void> {
  const reply = await fetchSettings();
  if (reply.ok) {
    settings.value = reply.data;
    settingsStatus.value = needsSetup(reply.data) ? 'missing' : 'ready';
    settingsError.value = null;
  } else {
    settingsStatus.value = 'error';
    settingsError.value = reply.error.message;
  }
  // First run: nothing is stored, so the only useful place is the settings form.
  if (settingsStatus.value !== 'ready') view.value = 'settings';
}

/** Starts the panel: preferences, drafts, the target tab (followed unless fixed by ?tabId), settings. */
export async function initStore(search: string): Promise<() => void> {
  const [p, d] = await Promise.all([loadPrefs(), loadDrafts()]);
  prefs.value = p;
  drafts.value = d;
  const fixed = new URLSearchParams(search).has('tabId');
  await Promise.all([resolveTargetTabId(search).then(chatTabFor).then(selectTab), loadSettings()]);

  const follow = () => void resolveTargetTabId(search).then(chatTabFor).then(selectTab);
  const onActivated = () => {
    if (!fixed) follow();
  };
  const onUpdated = (id: number, change: chrome.tabs.OnUpdatedInfo) => {
    if (id === tabId.value && (change.title !== undefined || change.url !== undefined)) void selectTab(id);
  };
  const onFocus = () => {
    if (!fixed) follow();
  };
  chrome.tabs.onActivated.addListener(onActivated);
  chrome.tabs.onUpdated.addListener(onUpdated);
  chrome.windows?.onFocusChanged.addListener(onFocus);
  return () => {
    chrome.tabs.onActivated.removeListener(onActivated);
    chrome.tabs.onUpdated.removeListener(onUpdated);
    chrome.windows?.onFocusChanged.removeListener(onFocus);
    connection?.close();
    connection = null;
  };
}

function updatePrefs(change: Partial<Prefs>): void {
  prefs.value = { ...prefs.value, ...change };
  void savePrefs(prefs.value).catch(() => notice('could not save panel preferences'));
}

export function setMode(mode: Mode): void {
  updatePrefs({ mode });
}

/** Plain click toggles verbose; Shift+click toggles deep-verbose (the debug log) on top of it. */
export function toggleVerbose(deep: boolean): void {
  const p = prefs.value;
  if (deep) {
    const on = !p.deepVerbose;
    updatePrefs({ deepVerbose: on, verbose: on || p.verbose, pane: on ? 'log' : p.pane === 'log' ? 'chat' : p.pane });
  } else {
    const on = !p.verbose;
    updatePrefs({ verbose: on, deepVerbose: on ? p.deepVerbose : false, pane: on ? 'tree' : 'chat' });
  }
}

export function setPane(pane: Pane): void {
  updatePrefs({ pane });
}

let draftTimer: ReturnType<typeof setTimeout> | null = null;
export function setDraft(text: string): void {
  const id = tabId.value;
  if (id === null) return;
  const key = String(id);
  const next = Object.fromEntries(Object.entries(drafts.value).filter(([k]) => k !== key));
  if (text !== '') next[key] = text;
  drafts.value = next;
  if (draftTimer) clearTimeout(draftTimer);
  draftTimer = setTimeout(() => void saveDrafts(drafts.value).catch(() => undefined), 250);
}

function sendOrNotice(ok: boolean): void {
  if (!ok && chat.value)
    chat.value = withNotice(chat.value, 'The agent is not reachable; retrying. Try again in a moment.', true);
}

export function sendTask(text: string): boolean {
  const id = tabId.value;
  const task = text.trim();
  if (id === null || task === '' || busy.value || !chat.value) return false;
  if (settingsStatus.value !== 'ready') {
    view.value = 'settings';
    return false;
  }
  const mode = prefs.value.mode;
  // Shown at once; the worker's next snapshot replaces it with its own record.
  chat.value = withUserMessage(chat.value, `local-${Date.now()}-${chat.value.messages.length}`, task);
  starting.value = true;
  startTimer = setTimeout(() => {
    if (!starting.value) return;
    clearStarting();
    if (chat.value)
      chat.value = withNotice(
        chat.value,
        'The agent did not start the task. Check the connection in Settings and try again.',
        true,
      );
  }, 15_000);
  const sent = ensureConnection().send({ type: 'start', tabId: id, task, mode });
  if (!sent) clearStarting();
  sendOrNotice(sent);
  if (sent) setDraft('');
  return sent;
}

export function stopTask(): void {
  const id = tabId.value;
  if (id === null || !busy.value) return;
  sendOrNotice(ensureConnection().send({ type: 'stop', tabId: id }));
}

export function newChat(): void {
  const id = tabId.value;
  if (id === null) return;
  const sent = ensureConnection().send({ type: 'new_chat', tabId: id });
  // The worker answers with a fresh snapshot; clear at once so the click feels immediate.
  if (sent) chat.value = emptyConversation(id);
  sendOrNotice(sent);
}

export function answerApproval(decision: 'approve' | 'deny', trust: 'task' | 'hour' | null = null): void {
  const id = tabId.value;
  const pending = chat.value?.approval;
  if (id === null || !pending) return;
  const sent = ensureConnection().send({
    type: 'approval',
    tabId: id,
    approvalId: pending.approvalId,
    decision,
    ...(trust ? { trustScope: trust } : {}),
  });
  sendOrNotice(sent);
}

/** Sends one command for the current tab (the plan/question/take-over cards use it); false when unsent. */
export function sendForTab(make: (tabId: number) => AgentCommand): boolean {
  const id = tabId.value;
  if (id === null) return false;
  const sent = ensureConnection().send(make(id));
  sendOrNotice(sent);
  return sent;
}

export function onSettingsSaved(saved: PublicSettings | null): void {
  if (saved) {
    settings.value = saved;
    settingsStatus.value = needsSetup(saved) ? 'missing' : 'ready';
    if (settingsStatus.value === 'ready') view.value = 'chat';
  } else {
    void loadSettings().then(() => {
      if (settingsStatus.value === 'ready') view.value = 'chat';
    });
  }
}
