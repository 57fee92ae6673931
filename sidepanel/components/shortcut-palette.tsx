import { useEffect, useState } from 'preact/hooks';
import { filterShortcuts, type Shortcut } from '../../shared/shortcuts';
import { shortcuts } from '../lib/shortcuts-store';

const MAX_SHOWN = 8;
export const PALETTE_ID = 'shortcut-palette';
const optionId = (i: number) => `shortcut-option-${i}`;

export interface Palette {
  open: boolean;
  matches: Shortcut[];
  active: number;
  /** aria-activedescendant for the composer while the palette is open. */
  activeId: string | undefined;
  /** Handles a composer key; true when the palette used it. */
  onKey(e: KeyboardEvent): boolean;
  pick(s: Shortcut): void;
}

/**
 * The "/" palette: a draft that is "/" plus a filter (one line) lists the saved prompts that match,
 * keyboard first (Up/Down, Enter or Tab to use, Esc to close). Using one puts its prompt in the
 * composer and switches to its mode; the user sends it (or edits it first).
 */
export function useShortcutPalette(draft: string, onPick: (s: Shortcut) => void): Palette {
  const [active, setActive] = useState(0);
  const [dismissed, setDismissed] = useState<string | null>(null);
  const slash = draft.startsWith('/') && !draft.includes('\n');
  const query = slash ? draft.slice(1) : '';
  const matches = slash ? filterShortcuts(shortcuts.value, query).slice(0, MAX_SHOWN) : [];
  const open = slash && dismissed !== draft;
  useEffect(() => setActive(0), [query]);

  const pick = (s: Shortcut) => {
    setDismissed(null);
    onPick(s);
  };
  return {
    open,
    matches,
    active,
    activeId: open && matches.length > 0 ? optionId(active) : undefined,
    pick,
    onKey(e) {
      if (!open) return false;
      if (e.key === 'Escape') {
        setDismissed(draft);
        return true;
      }
      if (matches.length === 0) return false;
      if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        const step = e.key === 'ArrowDown' ? 1 : -1;
        setActive((a) => (a + step + matches.length) % matches.length);
        return true;
      }
      if ((e.key === 'Enter' || e.key === 'Tab') && !e.shiftKey && !e.isComposing) {
        const chosen = matches[active];
        if (chosen) pick(chosen);
        return true;
      }
      return false;
    },
  };
}

export function ShortcutPalette({ palette }: { palette: Palette }) {
  if (!palette.open) return null;
  if (palette.matches.length === 0) {
    return (
      <p class="palette-empty" id={PALETTE_ID} role="status">
        {shortcuts.value.length === 0
          ? 'No shortcuts yet: write a prompt, then choose "Save as shortcut".'
          : 'No shortcut matches. Esc closes this list; Enter sends the text as it is.'}
      </p>
    );
  }
  return (
    <ul class="palette" id={PALETTE_ID} role="listbox" aria-label="Shortcuts" data-testid="shortcut-palette">
      {palette.matches.map((s, i) => (
        <li
          key={s.name}
          id={optionId(i)}
          role="option"
          aria-selected={i === palette.active}
          class={i === palette.active ? 'palette-item is-active' : 'palette-item'}
          // mousedown keeps the focus in the composer; the click then picks.
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => palette.pick(s)}
        >
          <span class="palette-name">/{s.name}</span>
          {s.mode && <span class="palette-mode">{s.mode}</span>}
          <span class="palette-prompt">{s.prompt}</span>
        </li>
      ))}
    </ul>
  );
}
