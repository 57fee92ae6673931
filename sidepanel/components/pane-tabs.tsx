import type { Pane } from '../lib/ui-prefs';
import { prefs, setPane } from '../store';

/** Shown only in verbose mode: switches the main area between the chat and the debugging panes. */
export function PaneTabs() {
  const p = prefs.value;
  if (!p.verbose) return null;
  const panes: { id: Pane; label: string }[] = [
    { id: 'chat', label: 'Chat' },
    { id: 'tree', label: 'Tree' },
    ...(p.deepVerbose ? [{ id: 'log' as const, label: 'Debug log' }] : []),
  ];
  const onKeyDown = (e: KeyboardEvent) => {
    // WAI-ARIA tabs pattern: arrows move between tabs.
    if (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft') return;
    const i = panes.findIndex((x) => x.id === p.pane);
    const next = panes[(i + (e.key === 'ArrowRight' ? 1 : panes.length - 1)) % panes.length];
    if (next) {
      setPane(next.id);
      document.getElementById(`pane-tab-${next.id}`)?.focus();
    }
  };
  return (
    <div class="pane-tabs" role="tablist" aria-label="Panel views" onKeyDown={onKeyDown}>
      {panes.map((x) => (
        <button
          key={x.id}
          id={`pane-tab-${x.id}`}
          type="button"
          role="tab"
          aria-selected={p.pane === x.id}
          aria-controls="main-pane"
          tabIndex={p.pane === x.id ? 0 : -1}
          onClick={() => setPane(x.id)}
        >
          {x.label}
        </button>
      ))}
    </div>
  );
}
