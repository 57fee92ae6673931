import { resumeTask, takeOver } from '../lib/handover-actions';
import { busy, chat } from '../store';

/**
 * "Take over" pauses the running task after its current tool call, so the user can log in, solve a
 * CAPTCHA or fix something; "Resume" hands the tab back and the agent reads the page again.
 */
export function HandoverBar() {
  const state = chat.value;
  if (!state || !busy.value) return null;
  const handover = state.handover;
  return (
    <div class="handover-bar" data-testid="handover-bar">
      {handover === undefined && (
        <button
          type="button"
          class="button-quiet"
          onClick={() => takeOver()}
          title="Pause the agent after its current step and use the page yourself"
        >
          Take over
        </button>
      )}
      {handover === 'requested' && <span class="handover-note">Pausing after the current step…</span>}
      {handover !== undefined && (
        <button
          type="button"
          class="button-primary"
          onClick={() => resumeTask()}
          title="Hand the tab back: the agent reads the page again"
        >
          Resume
        </button>
      )}
    </div>
  );
}
