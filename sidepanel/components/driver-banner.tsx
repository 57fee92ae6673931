import { useEffect, useState } from 'preact/hooks';
import * as z from 'zod/mini';
import { McpTabChoiceSchema, type McpTabChoice } from '../../shared/protocol/panel';
import { askWorker } from '../panel-client';
import { busy, chat, stopTask } from '../store';

const ChoicesSchema = z.array(McpTabChoiceSchema);

/**
 * While a coding agent drives this tab over MCP (docs/mcp.md): who it is, where it may act, a Stop that
 * ends its session (the call in flight returns "stopped by the user"), and the tab picker: the only way
 * the session gets one of the user's other tabs.
 */
export function DriverBanner() {
  const state = chat.value;
  const [picking, setPicking] = useState(false);
  if (!state?.driver || !busy.value) return null;
  return (
    <div class="driver-banner" role="status" data-testid="driver-banner">
      <div class="driver-banner-row">
        <span>
          Driven by <strong>{state.driver}</strong> (MCP, {state.mode ?? 'ask'} mode) in this tab
          {state.actingTab ? `, now in “${state.actingTab.title}”` : ''}
        </span>
        <button
          type="button"
          class="button-quiet"
          aria-expanded={picking}
          onClick={() => setPicking(!picking)}
          title="Choose which of this window's tabs the coding agent may use"
        >
          Tabs
        </button>
        <button type="button" class="button-primary" onClick={() => stopTask()} title="End this coding agent's session">
          Stop
        </button>
      </div>
      {picking ? <TabPicker startTab={state.tabId} /> : null}
    </div>
  );
}

function TabPicker({ startTab }: { startTab: number }) {
  const [choices, setChoices] = useState<McpTabChoice[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const take = (r: Awaited<ReturnType<typeof askWorker>>) => {
    if (!r.ok) return setProblem(r.error.message);
    const parsed = ChoicesSchema.safeParse(r.data);
    setProblem(parsed.success ? null : 'malformed tab list from the worker');
    if (parsed.success) setChoices(parsed.data);
  };
  useEffect(() => {
    void askWorker({ type: 'mcp_tabs', tabId: startTab }).then(take);
  }, [startTab]);
  const toggle = async (pick: number, allowed: boolean) =>
    take(await askWorker({ type: 'mcp_pick_tab', tabId: startTab, pick, allowed }));
  return (
    <fieldset class="driver-tabs" data-testid="driver-tabs">
      <legend>Tabs this coding agent may use</legend>
      {choices.map((c) => (
        <label key={c.tabId} class="driver-tab" title={c.url} data-tab-id={c.tabId}>
          <input
            type="checkbox"
            checked={c.role !== 'none'}
            disabled={c.role === 'start' || c.role === 'opened' || c.busy === true}
            onChange={(e) => void toggle(c.tabId, e.currentTarget.checked)}
          />
          <span>{c.title || c.url || `tab ${c.tabId}`}</span>
          {c.role === 'start' ? <em> (started here)</em> : c.role === 'opened' ? <em> (opened by it)</em> : null}
          {c.busy ? <em> (its own task runs)</em> : null}
        </label>
      ))}
      {problem ? <p class="driver-tabs-problem">{problem}</p> : null}
    </fieldset>
  );
}
