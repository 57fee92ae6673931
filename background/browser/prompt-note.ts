/**
 * What the system prompt says about the browser it runs in. The Chrome build says nothing extra; the
 * Firefox build tells the model that actions are synthetic-only and which tools it does not have, so
 * it neither expects a trusted retry nor asks for a tool that is not there (docs/firefox.md).
 */
import { BROWSER } from '../../shared/browser-target';
import { allTools } from '../tools/registry';

export const BROWSER_LABEL = BROWSER === 'firefox' ? 'Firefox' : 'Chrome';

export function browserNote(): string {
  if (BROWSER !== 'firefox') return '';
  const missing = allTools()
    .filter((t) => !t.browsers.includes('firefox'))
    .map((t) => t.name);
  return [
    '- This is Firefox: clicks, typing and hovering use synthetic page events only (no trusted fallback in Firefox). When a result says verified:false, try another way (another element, press_key, or a different control) or tell the user what did not respond.',
    missing.length > 0
      ? `- Not available in Firefox (they need Chrome's DevTools protocol): ${missing.join(', ')}.`
      : '',
  ]
    .filter((l) => l !== '')
    .join('\n');
}
