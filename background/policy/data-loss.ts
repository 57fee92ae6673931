/**
 * Data loss asks (issue 24 item 8): typing over, or keys that delete, text the agent did not write
 * in this document, and Delete/Backspace used as an app's "delete the selected item" shortcut. The
 * page reports the facts (content-scripts/handlers/erasure.ts); this turns them into the question.
 */
import type { KeyChord } from '../../shared/key-chord';
import type { GateFacts } from '../../shared/protocol/gate-facts';

/**
 * Keys that only move focus, the caret, the viewport or the selection, or close a popup: they
 * neither activate nor change text, so the page is not asked about them. Everything else is judged.
 */
const INERT_KEYS = new Set([
  'Tab',
  'Escape',
  'ArrowUp',
  'ArrowDown',
  'ArrowLeft',
  'ArrowRight',
  'Home',
  'End',
  'PageUp',
  'PageDown',
  'Insert',
]);

/** True for keys the gate never needs to inspect (Control/Meta+A selects and is judged with the key after it). */
export function isInertKey(chord: KeyChord): boolean {
  if (INERT_KEYS.has(chord.key) || /^F([1-9]|1[0-2])$/.test(chord.key)) return true;
  return (chord.ctrlKey || chord.metaKey) && chord.key.toLowerCase() === 'a';
}

type Erasure = NonNullable<GateFacts['erases']>;

/** The approval for an action that deletes or replaces text the agent did not write. */
export function dataLossNeed(
  tool: string,
  key: string,
  target: string,
  erases: Erasure,
): { kind: 'erase'; description: string } {
  const chars = `${erases.chars} character${erases.chars === 1 ? '' : 's'}`;
  const pressing = `Press ${key} in ${target}`;
  switch (erases.what) {
    case 'shortcut':
      return { kind: 'erase', description: `Press ${key} on ${target} (pages use it to delete the selected item)` };
    case 'selection':
      return { kind: 'erase', description: `${pressing}, replacing ${chars} of selected text Weaverbird did not type` };
    case 'content':
      return {
        kind: 'erase',
        description:
          tool === 'press_key'
            ? `${pressing}, deleting from its ${chars} of text Weaverbird did not type`
            : `Type into ${target}, replacing its ${chars} of text Weaverbird did not type`,
      };
  }
}
