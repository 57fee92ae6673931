import { modeLabel } from '../lib/ui-prefs';
import { busy, chat, connected, starting } from '../store';

/** What the agent is doing right now, announced politely to screen readers. */
export function StatusLine() {
  const state = chat.value;
  let text = '';
  if (starting.value) text = 'Starting…';
  else if (state?.status === 'awaiting_approval') text = 'Waiting for your approval';
  else if (state?.plan) text = 'Waiting for you to approve the plan';
  else if (state?.question) text = 'Waiting for your answer';
  else if (state?.handover === 'paused') text = 'Paused: the page is yours';
  else if (busy.value)
    text = `Working in ${state?.mode ? modeLabel(state.mode) : 'this'} mode${state?.steps ? ` · step ${state.steps + 1}` : ''}…`;
  // Chrome stops idle workers; the Port reconnects by itself and the snapshot restores the chat.
  else if (!connected.value && state !== null) text = 'Reconnecting to the agent…';
  // A task working in a tab it opened (new_tab): say which, so the user can follow it there.
  const acting = busy.value ? state?.actingTab : undefined;
  return (
    <p class={`status-line${busy.value ? ' is-busy' : ''}`} role="status" data-testid="status-line">
      {busy.value && <span class="spinner" aria-hidden="true" />}
      {text}
      {acting && (
        <span class="acting-tab" data-testid="acting-tab">
          {' '}
          in tab “{acting.title || acting.tabId}”
        </span>
      )}
    </p>
  );
}
