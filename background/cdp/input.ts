/**
 * Trusted input through CDP `Input.*` (https://chromedevtools.github.io/devtools-protocol/tot/Input/).
 * Coordinates are CSS pixels of the top frame's viewport as the page measured them; Input expects
 * them in DIPs of the viewport, so they are scaled by the tab's zoom factor.
 */
import { ok, type Result } from '../../shared/result';
import { sleep } from '../../shared/timeout';
import type { send as Send } from './cdp-client';
import {
  cdpModifierBits,
  chordModifiers,
  isPrintable,
  modifierKeyChord,
  type KeyChord,
  type ModifierName,
} from '../../shared/key-chord';

/** Which button, how many presses in a row, which keys are held (click_ax's arguments). */
export interface MouseOptions {
  button: 'left' | 'right' | 'middle';
  clickCount: 1 | 2 | 3;
  modifiers: readonly ModifierName[];
}
const LEFT_ONCE: MouseOptions = { button: 'left', clickCount: 1, modifiers: [] };
const BUTTON_BITS: Record<MouseOptions['button'], number> = { left: 1, right: 2, middle: 4 };

export interface ViewportPoint {
  x: number;
  y: number;
}

async function zoomOf(tabId: number): Promise<number> {
  try {
    return await chrome.tabs.getZoom(tabId);
  } catch {
    return 1;
  }
}

async function scaled(tabId: number, p: ViewportPoint): Promise<ViewportPoint> {
  const z = await zoomOf(tabId);
  return { x: Math.round(p.x * z * 100) / 100, y: Math.round(p.y * z * 100) / 100 };
}

/**
 * One click: move, then press and release at the point, `clickCount` times with a rising count
 * (Chrome makes the second press's click a `dblclick`, as for a person's double-click). `beforePress`
 * runs between the move and the first press: a page sees the trusted mousemove and could slide
 * something under the pointer in reaction, so the caller re-checks the point there (issue 10, item
 * 8); an error sends no press. Modifiers are CDP's bit field on every event.
 */
export async function mouseClick(
  send: typeof Send,
  tabId: number,
  point: ViewportPoint,
  beforePress?: () => Promise<Result<true>>,
  opts: MouseOptions = LEFT_ONCE,
): Promise<Result<true>> {
  const { x, y } = await scaled(tabId, point);
  const modifiers = cdpModifierBits(opts.modifiers);
  const moved = await send(tabId, 'Input.dispatchMouseEvent', {
    type: 'mouseMoved',
    x,
    y,
    button: 'none',
    buttons: 0,
    modifiers,
  });
  if (!moved.ok) return moved;
  if (beforePress) {
    const checked = await beforePress();
    if (!checked.ok) return checked;
  }
  for (let clickCount = 1; clickCount <= opts.clickCount; clickCount++) {
    const base = { x, y, button: opts.button, clickCount, modifiers };
    const buttons = BUTTON_BITS[opts.button];
    const pressed = await send(tabId, 'Input.dispatchMouseEvent', { ...base, type: 'mousePressed', buttons });
    if (!pressed.ok) return pressed;
    const released = await send(tabId, 'Input.dispatchMouseEvent', { ...base, type: 'mouseReleased', buttons: 0 });
    if (!released.ok) return released;
  }
  return ok(true);
}

/**
 * One trusted drag with the left button: press at `from`, move in `steps` even steps to `to` (one
 * move per step, as a hand makes many, so libraries with an activation distance and collision
 * checks on every move see the path), release. Pages that use pointer events get trusted
 * pointerdown/pointermove/pointerup; Chrome starts no native drag for elements that are not draggable.
 */
export async function mouseDrag(
  send: typeof Send,
  tabId: number,
  from: ViewportPoint,
  to: ViewportPoint,
  steps = 10,
): Promise<Result<true>> {
  const a = await scaled(tabId, from);
  const b = await scaled(tabId, to);
  const mouse = (params: Record<string, unknown>) => send(tabId, 'Input.dispatchMouseEvent', params);
  const moved = await mouse({ type: 'mouseMoved', x: a.x, y: a.y, button: 'none', buttons: 0 });
  if (!moved.ok) return moved;
  const pressed = await mouse({ type: 'mousePressed', x: a.x, y: a.y, button: 'left', buttons: 1, clickCount: 1 });
  if (!pressed.ok) return pressed;
  for (let i = 1; i <= steps; i++) {
    const x = a.x + ((b.x - a.x) * i) / steps;
    const y = a.y + ((b.y - a.y) * i) / steps;
    const step = await mouse({ type: 'mouseMoved', x, y, button: 'left', buttons: 1 });
    if (!step.ok) return step;
    await sleep(16);
  }
  const released = await mouse({ type: 'mouseReleased', x: b.x, y: b.y, button: 'left', buttons: 0, clickCount: 1 });
  return released.ok ? ok(true) : released;
}

/** Moves the real mouse (CSS :hover, mouseenter with isTrusted). */
export async function mouseMove(send: typeof Send, tabId: number, point: ViewportPoint): Promise<Result<true>> {
  const { x, y } = await scaled(tabId, point);
  const moved = await send(tabId, 'Input.dispatchMouseEvent', { type: 'mouseMoved', x, y, button: 'none', buttons: 0 });
  return moved.ok ? ok(true) : moved;
}

/** Key facts CDP needs for one trusted key press (https://chromedevtools.github.io/devtools-protocol/tot/Input/#method-dispatchKeyEvent). */
const KEYS = {
  Enter: { key: 'Enter', code: 'Enter', windowsVirtualKeyCode: 13, text: '\r' },
  ArrowDown: { key: 'ArrowDown', code: 'ArrowDown', windowsVirtualKeyCode: 40 },
} as const;

/**
 * One trusted key press (down, up) to whatever holds focus. Enter carries its text ("\r"), so the
 * keypress that drives implicit form submission (HTML §4.10.21.2) fires, as for a real key.
 */
export async function pressKey(send: typeof Send, tabId: number, name: keyof typeof KEYS): Promise<Result<true>> {
  const k = KEYS[name];
  const down = await send(tabId, 'Input.dispatchKeyEvent', { type: 'keyDown', ...k });
  if (!down.ok) return down;
  const { key, code, windowsVirtualKeyCode } = k;
  const released = await send(tabId, 'Input.dispatchKeyEvent', { type: 'keyUp', key, code, windowsVirtualKeyCode });
  return released.ok ? ok(true) : released;
}

/**
 * One trusted chord, as a person presses it: each modifier's own keyDown (with the bits held so
 * far), the key's keyDown and keyUp with every modifier bit, then the modifiers' keyUps in reverse
 * (UI Events §5.4.1). A key that types a character, and Enter, carry `text`, so Chrome fires the
 * keypress (and for Enter the implicit submission, HTML §4.10.21.2) as for a real key.
 */
export async function pressChord(send: typeof Send, tabId: number, chord: KeyChord): Promise<Result<true>> {
  const mods = chordModifiers(chord);
  const key = (type: 'keyDown' | 'keyUp', k: KeyChord, held: readonly ModifierName[], text?: string) =>
    send(tabId, 'Input.dispatchKeyEvent', {
      type,
      key: k.key,
      code: k.code,
      windowsVirtualKeyCode: k.keyCode,
      modifiers: cdpModifierBits(held),
      ...(text !== undefined ? { text, unmodifiedText: text } : {}),
    });
  for (let i = 0; i < mods.length; i++) {
    const held = mods.slice(0, i + 1);
    const name = mods[i];
    if (name === undefined) continue;
    const down = await key('keyDown', modifierKeyChord(name, held), held);
    if (!down.ok) return down;
  }
  const text = chord.key === 'Enter' ? '\r' : isPrintable(chord) ? chord.key : undefined;
  const down = await key('keyDown', chord, mods, text);
  if (!down.ok) return down;
  const up = await key('keyUp', chord, mods);
  if (!up.ok) return up;
  for (let i = mods.length - 1; i >= 0; i--) {
    const name = mods[i];
    if (name === undefined) continue;
    const held = mods.slice(0, i);
    const released = await key('keyUp', modifierKeyChord(name, held), held);
    if (!released.ok) return released;
  }
  return ok(true);
}
