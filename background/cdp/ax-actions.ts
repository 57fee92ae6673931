/**
 * click_ax / type_ax for refs read through Chrome's tree where no page script runs
 * (ax-fallback-refs.ts): the element is found by its backend DOM node, scrolled into view and
 * hit-tested by CDP, then clicked with one trusted mouse click or typed into with `Input.insertText`
 * after DOM.focus. The debugger is attached for the action and detached after.
 * https://chromedevtools.github.io/devtools-protocol/tot/DOM/#method-getContentQuads
 * https://chromedevtools.github.io/devtools-protocol/tot/DOM/#method-getNodeForLocation
 */
import { z } from 'zod';
import { err, ok, type Result } from '../../shared/result';
import { fallbackBackendId, hasFallbackRef } from './ax-fallback-refs';
import { withSession, type send as Send } from './cdp-client';
import { mouseClick, pressKey } from './input';

const Quads = z.object({ quads: z.array(z.array(z.number())) });
const Hit = z.object({ backendNodeId: z.number() });
const Resolved = z.object({ object: z.looseObject({ objectId: z.string().optional() }) });
const CallValue = z.object({ result: z.looseObject({ value: z.unknown().optional() }) });
const ElementFacts = z.object({
  tag: z.string(),
  type: z.string(),
  value: z.string().nullable(),
  editable: z.boolean(),
});

/** True when the ref is one the worker minted for this frame's document (so the action goes through CDP). */
export function isCdpRef(tabId: number, frameId: number, ref: string): boolean {
  return hasFallbackRef(tabId, frameId, ref);
}

async function currentDocument(tabId: number, frameId: number): Promise<string | undefined> {
  const frame = await chrome.webNavigation.getFrame({ tabId, frameId }).catch(() => null);
  return frame?.documentId;
}

async function backendOf(tabId: number, frameId: number, ref: string): Promise<Result<number>> {
  return fallbackBackendId(tabId, frameId, await currentDocument(tabId, frameId), ref);
}

async function objectOf(send: typeof Send, tabId: number, backendNodeId: number): Promise<Result<string>> {
  const r = await send(tabId, 'DOM.resolveNode', { backendNodeId, objectGroup: 'wb-ax-act' });
  const parsed = r.ok ? Resolved.safeParse(r.data) : null;
  const id = parsed?.success ? parsed.data.object.objectId : undefined;
  return id ? ok(id) : err('stale_ref', 'the element has left the page; re-read it with chrome_ax_tree');
}

async function call(
  send: typeof Send,
  tabId: number,
  objectId: string,
  fn: string,
  args: unknown[] = [],
): Promise<unknown> {
  const r = await send(tabId, 'Runtime.callFunctionOn', {
    objectId,
    functionDeclaration: fn,
    arguments: args,
    returnByValue: true,
  });
  const parsed = r.ok ? CallValue.safeParse(r.data) : null;
  return parsed?.success ? parsed.data.result.value : undefined;
}

/** The centre of the element's first content quad, after scrolling it into view (top-frame CSS pixels). */
async function pointOf(
  send: typeof Send,
  tabId: number,
  backendNodeId: number,
): Promise<Result<{ x: number; y: number }>> {
  await send(tabId, 'DOM.scrollIntoViewIfNeeded', { backendNodeId });
  const r = await send(tabId, 'DOM.getContentQuads', { backendNodeId });
  const parsed = r.ok ? Quads.safeParse(r.data) : null;
  const q = parsed?.success ? parsed.data.quads[0] : undefined;
  if (!q || q.length < 8)
    return err('not_visible', 'the element has no box on screen (hidden or collapsed); re-read the tree');
  const xs = [q[0], q[2], q[4], q[6]].map(Number);
  const ys = [q[1], q[3], q[5], q[7]].map(Number);
  return ok({ x: xs.reduce((a, b) => a + b, 0) / 4, y: ys.reduce((a, b) => a + b, 0) / 4 });
}

/** The element or one of its descendants is what a click at the point hits (nothing covers it). */
async function hits(send: typeof Send, tabId: number, objectId: string, p: { x: number; y: number }): Promise<boolean> {
  const r = await send(tabId, 'DOM.getNodeForLocation', {
    x: Math.round(p.x),
    y: Math.round(p.y),
    includeUserAgentShadowDOM: true,
  });
  const hit = r.ok ? Hit.safeParse(r.data) : null;
  if (!hit?.success) return false;
  const other = await objectOf(send, tabId, hit.data.backendNodeId);
  if (!other.ok) return false;
  // A hit on the element's own frame owner (an <iframe> of another document) is as deep as a
  // top-level hit test can see; inside the frame the element's box was just measured.
  const contained = await call(
    send,
    tabId,
    objectId,
    `function (n) {
      if (this === n || this.contains(n)) return true;
      return (n.localName === 'iframe' || n.localName === 'frame') && n.ownerDocument !== this.ownerDocument;
    }`,
    [{ objectId: other.data }],
  );
  return contained === true;
}

/**
 * Runs `act` on the ref's element under one debugger session: its backend node and its JS object
 * (in the `wb-ax-act` group, released after, whatever `act` returns or throws).
 */
async function withRefObject(
  tabId: number,
  frameId: number,
  ref: string,
  act: (send: typeof Send, backendNodeId: number, objectId: string) => Promise<Result<unknown>>,
): Promise<Result<unknown>> {
  const backend = await backendOf(tabId, frameId, ref);
  if (!backend.ok) return backend;
  return withSession(tabId, async ({ send }) => {
    try {
      const obj = await objectOf(send, tabId, backend.data);
      return obj.ok ? await act(send, backend.data, obj.data) : obj;
    } finally {
      await send(tabId, 'Runtime.releaseObjectGroup', { objectGroup: 'wb-ax-act' });
    }
  });
}

export async function cdpRefClick(tabId: number, frameId: number, ref: string): Promise<Result<unknown>> {
  return withRefObject(tabId, frameId, ref, async (send, backendNodeId, objectId) => {
    const point = await pointOf(send, tabId, backendNodeId);
    if (!point.ok) return point;
    if (!(await hits(send, tabId, objectId, point.data))) {
      return err(
        'target_covered',
        `something covers ${ref} at its centre, so no click was sent; close any overlay and re-read`,
      );
    }
    const clicked = await mouseClick(send, tabId, point.data);
    if (!clicked.ok) return clicked;
    return ok({
      success: true,
      method: 'cdp',
      verified: false,
      hint: `one trusted click was sent to ${ref} (no page script runs here to watch its effect); re-read with chrome_ax_tree to see the result`,
    });
  });
}

const FACTS_FN = `function () {
  const tag = this.localName || '';
  const type = (this.getAttribute && this.getAttribute('type') || '').toLowerCase();
  const value = 'value' in this && typeof this.value === 'string' ? this.value : (this.isContentEditable ? this.textContent : null);
  return { tag, type, value, editable: this.isContentEditable === true || (tag === 'input' || tag === 'textarea') && !this.disabled && !this.readOnly };
}`;
const SELECT_ALL_FN = `function () {
  if (typeof this.select === 'function') { this.select(); return; }
  const r = this.ownerDocument.createRange(); r.selectNodeContents(this);
  const s = this.ownerDocument.getSelection(); s.removeAllRanges(); s.addRange(r);
}`;
const CARET_END_FN = `function () {
  if (typeof this.setSelectionRange === 'function' && typeof this.value === 'string') { this.setSelectionRange(this.value.length, this.value.length); return; }
  const r = this.ownerDocument.createRange(); r.selectNodeContents(this); r.collapse(false);
  const s = this.ownerDocument.getSelection(); s.removeAllRanges(); s.addRange(r);
}`;

/** Still the focused element (through open shadow roots), and whether it is a combobox; null when focus left it. */
const SUBMIT_FACTS_FN = `function () {
  let active = this.ownerDocument.activeElement;
  while (active && active.shadowRoot && active.shadowRoot.activeElement) active = active.shadowRoot.activeElement;
  if (active !== this) return null;
  const role = (this.getAttribute('role') || '').toLowerCase();
  return role === 'combobox' || this.hasAttribute('aria-autocomplete') || (this.localName === 'input' && this.hasAttribute('list'));
}`;

/**
 * focus_type's submit for a CDP ref: a combobox takes its highlighted suggestion (ArrowDown + Enter),
 * anything else gets Enter (a form field submits its form). Sent only while the field still holds focus.
 */
async function submitFocused(send: typeof Send, tabId: number, objectId: string, ref: string): Promise<Result<string>> {
  const combobox = await call(send, tabId, objectId, SUBMIT_FACTS_FN);
  if (typeof combobox !== 'boolean')
    return err('focus_moved', `focus left ${ref} after typing, so no Enter was sent; re-read with chrome_ax_tree`);
  if (combobox) {
    const down = await pressKey(send, tabId, 'ArrowDown');
    if (!down.ok) return down;
  }
  const enter = await pressKey(send, tabId, 'Enter');
  return enter.ok ? ok(combobox ? 'ArrowDown + Enter (trusted, CDP)' : 'Enter (trusted, CDP)') : enter;
}

export async function cdpRefType(
  tabId: number,
  frameId: number,
  ref: string,
  text: string,
  clear: boolean,
  submit = false,
): Promise<Result<unknown>> {
  return withRefObject(tabId, frameId, ref, async (send, backendNodeId, objectId) => {
    const facts = ElementFacts.safeParse(await call(send, tabId, objectId, FACTS_FN));
    if (!facts.success || !facts.data.editable) {
      return err('not_editable', `${ref} is not a text field or editable region; type into a textbox ref`);
    }
    await send(tabId, 'DOM.scrollIntoViewIfNeeded', { backendNodeId });
    const focused = await send(tabId, 'DOM.focus', { backendNodeId });
    if (!focused.ok) return focused;
    await call(send, tabId, objectId, clear ? SELECT_ALL_FN : CARET_END_FN);
    const typed = await send(tabId, 'Input.insertText', { text });
    if (!typed.ok) return typed;
    const after = ElementFacts.safeParse(await call(send, tabId, objectId, FACTS_FN));
    const value = after.success ? after.data.value : null;
    const masked = facts.data.type === 'password';
    const landed = value !== null && value.includes(text);
    // Nothing is submitted when the text did not land: Enter would send the form without it.
    const submitted = submit && landed ? await submitFocused(send, tabId, objectId, ref) : null;
    if (submitted && !submitted.ok) return submitted;
    return ok({
      success: landed,
      method: 'cdp-insert-text',
      value: masked ? '••••' : value,
      ...(submitted ? { submitted: submitted.data } : {}),
      ...(landed
        ? {}
        : { hint: 'the text did not show up in the field, so nothing was submitted; re-read with chrome_ax_tree' }),
    });
  });
}
