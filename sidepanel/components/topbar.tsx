import { GearIcon, PlusIcon, TreeIcon } from './icons';
import { busy, chat, newChat, prefs, tabError, tabInfo, toggleVerbose, view } from '../store';

export function Topbar() {
  const p = prefs.value;
  const verboseLabel = p.deepVerbose ? 'Verbose: tree and debug log' : p.verbose ? 'Verbose: tree' : 'Verbose off';
  const hasMessages = (chat.value?.messages.length ?? 0) > 0;
  return (
    <header class="topbar">
      <div class="topbar-text">
        <h1 class="brand">Weaverbird</h1>
        <p class="tab-title" data-testid="tab-title" title={tabInfo.value?.url ?? ''}>
          {tabError.value ?? tabInfo.value?.title ?? 'Loading…'}
        </p>
      </div>
      <div class="topbar-actions">
        <button
          type="button"
          class="icon-button"
          onClick={newChat}
          disabled={busy.value || !hasMessages}
          title="Start a new chat for this tab"
          aria-label="New chat"
        >
          <PlusIcon />
        </button>
        <button
          type="button"
          class={`icon-button${p.verbose ? ' is-on' : ''}${p.deepVerbose ? ' is-deep' : ''}`}
          aria-pressed={p.verbose}
          aria-label="Verbose mode"
          title={`${verboseLabel}. Click: show the tree the agent read. Shift+click: also the LLM debug log.`}
          data-testid="verbose-toggle"
          onClick={(e) => toggleVerbose(e.shiftKey)}
        >
          <TreeIcon deep={p.deepVerbose} />
        </button>
        <button
          type="button"
          class={`icon-button${view.value === 'settings' ? ' is-on' : ''}`}
          aria-pressed={view.value === 'settings'}
          aria-label="Settings"
          title="Provider, model and API key"
          onClick={() => {
            view.value = view.value === 'settings' ? 'chat' : 'settings';
          }}
        >
          <GearIcon />
        </button>
      </div>
    </header>
  );
}
