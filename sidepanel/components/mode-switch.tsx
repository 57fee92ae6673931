import type { Mode } from '../../shared/modes';
import { modeLabel } from '../lib/ui-prefs';
import { busy, chat, prefs, setMode } from '../store';

const MODE_HELP: Readonly<Record<Mode, string>> = {
  ask: 'Reads the page and answers. Never clicks, types or navigates.',
  act: 'Reads, clicks, types and navigates. Asks you before paying, sending or deleting.',
  dev: 'Act, plus running JavaScript and shadow-DOM and frame tools. For developers.',
};

const MODES: readonly Mode[] = ['ask', 'act', 'dev'];

/** Native radios: arrow keys, focus and screen-reader semantics come for free. */
export function ModeSwitch() {
  const mode = prefs.value.mode;
  const running = busy.value ? chat.value?.mode : undefined;
  return (
    <div class="mode-bar">
      <fieldset class="mode-switch">
        <legend class="visually-hidden">Mode</legend>
        {MODES.map((m) => (
          <label key={m} class={`mode-option${m === mode ? ' is-selected' : ''}`} data-mode={m}>
            <input
              type="radio"
              name="mode"
              value={m}
              checked={m === mode}
              onChange={() => setMode(m)}
              aria-describedby="mode-help"
            />
            <span>{modeLabel(m)}</span>
          </label>
        ))}
      </fieldset>
      <p id="mode-help" class="mode-help" data-testid="mode-help">
        {MODE_HELP[mode]}
        {running !== undefined && running !== mode ? ` (The running task stays in ${modeLabel(running)}.)` : ''}
      </p>
    </div>
  );
}
