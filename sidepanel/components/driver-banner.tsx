import { busy, chat, stopTask } from '../store';

/**
 * While a coding agent drives this tab over MCP (docs/mcp.md): who it is, where it may act, and a Stop
 * that ends its session (the call in flight returns "stopped by the user").
 */
export function DriverBanner() {
  const state = chat.value;
  if (!state?.driver || !busy.value) return null;
  return (
    <div class="driver-banner" role="status" data-testid="driver-banner">
      <span>
        Driven by <strong>{state.driver}</strong> (MCP, {state.mode ?? 'ask'} mode) in this tab
        {state.actingTab ? `, now in “${state.actingTab.title}”` : ''}
      </span>
      <button type="button" class="button-primary" onClick={() => stopTask()} title="End this coding agent's session">
        Stop
      </button>
    </div>
  );
}
