import { signal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import type { TabInfo } from '../src/protocol/panel';
import { fetchTabInfo, resolveTargetTabId } from './panel-client';

const tabInfo = signal<TabInfo | null>(null);
const tabError = signal<string | null>(null);

async function refresh(): Promise<void> {
  const tabId = await resolveTargetTabId(location.search);
  if (tabId === null) {
    tabError.value = 'No tab to work on: open a web page in this window.';
    return;
  }
  const reply = await fetchTabInfo(tabId);
  if (reply.ok) {
    tabInfo.value = reply.data;
    tabError.value = null;
  } else {
    tabError.value = reply.error.message;
  }
}

export function App() {
  useEffect(() => {
    void refresh();
    const onActivated = () => void refresh();
    const onUpdated = (_id: number, change: chrome.tabs.OnUpdatedInfo) => {
      if (change.title !== undefined || change.url !== undefined) void refresh();
    };
    chrome.tabs.onActivated.addListener(onActivated);
    chrome.tabs.onUpdated.addListener(onUpdated);
    return () => {
      chrome.tabs.onActivated.removeListener(onActivated);
      chrome.tabs.onUpdated.removeListener(onUpdated);
    };
  }, []);

  return (
    <div class="layout">
      <header class="topbar">
        <h1 class="brand">Weaverbird</h1>
        <p class="tab-title" data-testid="tab-title" title={tabInfo.value?.url ?? ''}>
          {tabError.value ?? tabInfo.value?.title ?? 'Loading…'}
        </p>
      </header>
      <main class="messages" aria-live="polite" aria-label="Conversation">
        <p class="empty">Ask about this page, or switch to Act to let Weaverbird operate it.</p>
      </main>
      <form class="composer" onSubmit={(e) => e.preventDefault()}>
        <label class="visually-hidden" for="prompt">Message</label>
        <textarea id="prompt" rows={2} placeholder="Ask about this page…" disabled />
        <button type="submit" disabled>Send</button>
      </form>
    </div>
  );
}
