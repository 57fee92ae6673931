/**
 * Key chords: the one parser of press_key's `key` argument ("Enter", "Control+a", "Shift+Tab"),
 * shared by the approval gate (background/policy/approval-rules.ts, via the page's gate facts) and the
 * page that dispatches the key (content-scripts/actions/press-key.ts). Whitespace, case and aliases
 * ("Enter\t", " return", "ctrl + enter") are folded here once, so the gate judges the chord that is
 * pressed (issue 24 item 1). Values follow UI Events KeyboardEvent key and code values; keyCode the
 * legacy table most widget libraries still read.
 */
export interface KeyChord {
  key: string;
  code: string;
  keyCode: number;
  ctrlKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
  metaKey: boolean;
}

const ALIASES: Record<string, string> = {
  esc: 'Escape',
  escape: 'Escape',
  enter: 'Enter',
  return: 'Enter',
  tab: 'Tab',
  space: ' ',
  spacebar: ' ',
  backspace: 'Backspace',
  delete: 'Delete',
  del: 'Delete',
  up: 'ArrowUp',
  down: 'ArrowDown',
  left: 'ArrowLeft',
  right: 'ArrowRight',
  arrowup: 'ArrowUp',
  arrowdown: 'ArrowDown',
  arrowleft: 'ArrowLeft',
  arrowright: 'ArrowRight',
  home: 'Home',
  end: 'End',
  pageup: 'PageUp',
  pagedown: 'PageDown',
  insert: 'Insert',
};

const MODIFIERS: Record<string, 'ctrlKey' | 'shiftKey' | 'altKey' | 'metaKey'> = {
  control: 'ctrlKey',
  ctrl: 'ctrlKey',
  shift: 'shiftKey',
  alt: 'altKey',
  option: 'altKey',
  meta: 'metaKey',
  cmd: 'metaKey',
  command: 'metaKey',
  super: 'metaKey',
};

const NAMED_CODES: Record<string, [string, number]> = {
  Enter: ['Enter', 13],
  Escape: ['Escape', 27],
  Tab: ['Tab', 9],
  ' ': ['Space', 32],
  Backspace: ['Backspace', 8],
  Delete: ['Delete', 46],
  ArrowUp: ['ArrowUp', 38],
  ArrowDown: ['ArrowDown', 40],
  ArrowLeft: ['ArrowLeft', 37],
  ArrowRight: ['ArrowRight', 39],
  Home: ['Home', 36],
  End: ['End', 35],
  PageUp: ['PageUp', 33],
  PageDown: ['PageDown', 34],
  Insert: ['Insert', 45],
};

const PUNCTUATION: Record<string, [string, number]> = {
  '-': ['Minus', 189],
  '=': ['Equal', 187],
  '[': ['BracketLeft', 219],
  ']': ['BracketRight', 221],
  ';': ['Semicolon', 186],
  "'": ['Quote', 222],
  ',': ['Comma', 188],
  '.': ['Period', 190],
  '/': ['Slash', 191],
  '\\': ['Backslash', 220],
  '`': ['Backquote', 192],
};

/** The code and keyCode for one key value (best effort for characters outside US-QWERTY). */
function codeFor(key: string): [string, number] {
  const named = NAMED_CODES[key];
  if (named) return named;
  const fn = /^F([1-9]|1[0-2])$/.exec(key);
  if (fn) return [key, 111 + Number(fn[1])];
  if (/^[a-z]$/i.test(key)) return [`Key${key.toUpperCase()}`, key.toUpperCase().charCodeAt(0)];
  if (/^[0-9]$/.test(key)) return [`Digit${key}`, key.charCodeAt(0)];
  const punct = PUNCTUATION[key];
  if (punct) return punct;
  return ['', 0];
}

/** Parses "Enter", "Control+a", "Shift+Tab", "Meta+K"; null with no valid key. */
export function parseChord(spec: string): KeyChord | null {
  const parts = spec.split('+');
  // "Control++" means the plus key: an empty last part after a separator.
  if (spec.endsWith('++')) parts.splice(parts.length - 2, 2, '+');
  const chord: KeyChord = {
    key: '',
    code: '',
    keyCode: 0,
    ctrlKey: false,
    shiftKey: false,
    altKey: false,
    metaKey: false,
  };
  for (let i = 0; i < parts.length; i++) {
    const raw = parts[i] ?? '';
    const part = raw.trim() === '' && raw.length > 0 ? ' ' : raw.trim();
    const modifier = MODIFIERS[part.toLowerCase()];
    if (modifier && i < parts.length - 1) {
      chord[modifier] = true;
      continue;
    }
    if (i !== parts.length - 1 || part === '') return null;
    const key = ALIASES[part.toLowerCase()] ?? (/^f([1-9]|1[0-2])$/i.test(part) ? part.toUpperCase() : part);
    if (key.length > 1 && !NAMED_CODES[key] && !/^F([1-9]|1[0-2])$/.test(key)) return null;
    chord.key = key;
    [chord.code, chord.keyCode] = codeFor(key);
  }
  return chord.key ? chord : null;
}

/** A chord that types a character (no Control, Meta or Alt). */
export function isPrintable(chord: KeyChord): boolean {
  return chord.key.length === 1 && !chord.ctrlKey && !chord.metaKey && !chord.altKey;
}

export function chordFor(char: string): KeyChord {
  const [code, keyCode] = codeFor(char.toLowerCase());
  return {
    key: char,
    code,
    keyCode,
    ctrlKey: false,
    shiftKey: char !== char.toLowerCase(),
    altKey: false,
    metaKey: false,
  };
}

export function describeChord(chord: KeyChord): string {
  const mods = [
    chord.ctrlKey && 'Control',
    chord.altKey && 'Alt',
    chord.shiftKey && 'Shift',
    chord.metaKey && 'Meta',
  ].filter(Boolean);
  return [...mods, chord.key === ' ' ? 'Space' : chord.key].join('+');
}

/** The modifier names click_ax's `modifiers` takes, in the order chords print them. */
export const MODIFIER_NAMES = ['Control', 'Alt', 'Shift', 'Meta'] as const;
export type ModifierName = (typeof MODIFIER_NAMES)[number];
type ModifierFlag = 'ctrlKey' | 'altKey' | 'shiftKey' | 'metaKey';

const FLAG_OF: Record<ModifierName, ModifierFlag> = {
  Control: 'ctrlKey',
  Alt: 'altKey',
  Shift: 'shiftKey',
  Meta: 'metaKey',
};

/** The modifier keys' own key facts (UI Events code values; the left-hand key, as a person presses). */
const MODIFIER_KEYS: Record<ModifierName, [string, number]> = {
  Control: ['ControlLeft', 17],
  Alt: ['AltLeft', 18],
  Shift: ['ShiftLeft', 16],
  Meta: ['MetaLeft', 91],
};

/** Modifier names, deduplicated and in the canonical order (the normalizer's and the gate's form). */
export function canonicalModifiers(names: readonly ModifierName[]): ModifierName[] {
  return MODIFIER_NAMES.filter((m) => names.includes(m));
}

/** The event flags for a set of held modifiers. */
export function modifierFlags(names: readonly ModifierName[]): Record<ModifierFlag, boolean> {
  const flags = { ctrlKey: false, altKey: false, shiftKey: false, metaKey: false };
  for (const m of names) flags[FLAG_OF[m]] = true;
  return flags;
}

/** The modifiers a chord holds, in the canonical order. */
export function chordModifiers(chord: KeyChord): ModifierName[] {
  return MODIFIER_NAMES.filter((m) => chord[FLAG_OF[m]]);
}

/**
 * The key chord of a modifier key itself, as a person's press of it reports: a keydown of Shift has
 * `shiftKey` true, and the keyup of Shift has it false (UI Events §5.4.1: the modifier state is
 * updated before keydown and after keyup). `held` are the modifiers already down (or still down).
 */
export function modifierKeyChord(name: ModifierName, held: readonly ModifierName[]): KeyChord {
  const [code, keyCode] = MODIFIER_KEYS[name];
  return { key: name, code, keyCode, ...modifierFlags(held) };
}

/** CDP Input's `modifiers` bit field (Alt=1, Ctrl=2, Meta/Command=4, Shift=8). */
export function cdpModifierBits(names: readonly ModifierName[]): number {
  const bits: Record<ModifierName, number> = { Alt: 1, Control: 2, Meta: 4, Shift: 8 };
  return names.reduce((n, m) => n | bits[m], 0);
}
