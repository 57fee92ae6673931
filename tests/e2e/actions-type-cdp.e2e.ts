/**
 * The trusted typing method: fields that accept only trusted input (an edit counts only after a trusted
 * beforeinput) defeat every synthetic method, and one CDP `Input.insertText` lands. The page's own state
 * says what it accepted and how many trusted edits it saw; no debugger stays attached; an ordinary field
 * never gets there; a password is typed but never echoed; a held debugger gives a clean "not tried".
 */
import { describe, expect, it } from 'vitest';
import { appState, data, refFor } from './support/actions';
import { FrameTreeSchema, okData, refOnLine } from './support/frames';
import { useExtension } from './support/setup';

interface TrustedState {
  code: string;
  codeTrusted: number;
  pinLength: number;
  pinTrusted: number;
  editor: string;
  editorTrusted: number;
  rejected: number;
  plain: string;
}

const env = useExtension({ partner: true, shared: true });

const act = (name: string, args: unknown, tabId: number) =>
  env.browser.tool(name, args, { tabId, mode: 'act', tier: 'full' });

async function debuggerAttached(tabId: number): Promise<boolean> {
  return env.browser.worker.evaluate(async (id: number) => {
    const targets = await chrome.debugger.getTargets();
    return targets.some((t) => t.tabId === id && t.attached && t.extensionId === chrome.runtime.id);
  }, tabId);
}

function attempts(r: Record<string, unknown>): string[] {
  return Array.isArray(r.attempts) ? r.attempts.map(String) : [];
}

describe('type_ax trusted insertion (CDP Input.insertText)', () => {
  it('lands in an input that rejects untrusted input after every synthetic method failed', async () => {
    const { page, tabId } = await env.browser.open(env.server.url('/actions-trusted-input.html'));
    const ref = await refFor(env.browser, tabId, /textbox "Verification code"/);
    const r = data(await act('type_ax', { ref_id: ref, text: '482915' }, tabId));
    expect(r).toMatchObject({ success: true, method: 'cdp-insert-text', value: '482915' });
    const tried = attempts(r);
    expect(tried.map((a) => a.split(':')[0])).toEqual(['keys', 'value-setter', 'exec-command', 'cdp-insert-text']);
    expect(tried.slice(0, 3).every((a) => a.endsWith('read back ""'))).toBe(true);
    expect(tried[3]).toBe('cdp-insert-text: landed');
    const s = await appState<TrustedState>(page);
    expect(s.code).toBe('482915');
    expect(s.codeTrusted).toBe(1);
    expect(s.rejected).toBeGreaterThan(0);
    expect(await page.locator('#code').inputValue()).toBe('482915');
    expect(await debuggerAttached(tabId)).toBe(false);

    // Appending (clear:false) inserts only the new text after the accepted value.
    const more = data(await act('type_ax', { ref_id: ref, text: '-7', clear: false }, tabId));
    expect(more).toMatchObject({ success: true, method: 'cdp-insert-text', value: '482915-7' });
    const after = await appState<TrustedState>(page);
    expect(after.code).toBe('482915-7');
    expect(after.codeTrusted).toBe(2);
    expect(await debuggerAttached(tabId)).toBe(false);
    await page.close();
  });

  it('replaces the text of a contenteditable that reverts untrusted edits', async () => {
    const { page, tabId } = await env.browser.open(env.server.url('/actions-trusted-input.html'));
    const ref = await refFor(env.browser, tabId, /textbox "Comment"/);
    const r = data(await act('type_ax', { ref_id: ref, text: 'Looks good to me' }, tabId));
    expect(r).toMatchObject({ success: true, method: 'cdp-insert-text', value: 'Looks good to me' });
    expect(attempts(r).map((a) => a.split(':')[0])).toEqual(['exec-command', 'input-events', 'cdp-insert-text']);
    const s = await appState<TrustedState>(page);
    expect(s.editor).toBe('Looks good to me');
    expect(s.editorTrusted).toBe(1);
    expect(await page.locator('#editor').innerText()).toBe('Looks good to me');
    expect(await debuggerAttached(tabId)).toBe(false);
    await page.close();
  });

  it('types a password the same way but never echoes it', async () => {
    const { page, tabId } = await env.browser.open(env.server.url('/actions-trusted-input.html'));
    const secret = 'Hunter2-secret!';
    const r = data(await act('type_ax', { ref_id: await refFor(env.browser, tabId, /"PIN"/), text: secret }, tabId));
    expect(r).toMatchObject({ success: true, method: 'cdp-insert-text', value: '••••' });
    expect(JSON.stringify(r)).not.toContain('Hunter2');
    const s = await appState<TrustedState>(page);
    expect(s.pinTrusted).toBe(1);
    expect(s.pinLength).toBe(secret.length);
    expect(
      await page.evaluate((c) => (window as unknown as { __pinMatches(c: string): boolean }).__pinMatches(c), secret),
    ).toBe(true);
    await page.close();
  });

  it('never reaches the trusted method for an ordinary field', async () => {
    const { page, tabId } = await env.browser.open(env.server.url('/actions-trusted-input.html'));
    const r = data(
      await act('type_ax', { ref_id: await refFor(env.browser, tabId, /textbox "Nickname"/), text: 'Ada' }, tabId),
    );
    expect(r).toMatchObject({ success: true, method: 'keys', value: 'Ada' });
    expect(r.attempts).toBeUndefined();
    expect((await appState<TrustedState>(page)).plain).toBe('Ada');
    await page.close();
  });

  it('reports an honest failure with a clean "not tried" when another debugger holds the tab', async () => {
    const { page, tabId } = await env.browser.open(env.server.url('/actions-trusted-input.html'));
    const ref = await refFor(env.browser, tabId, /textbox "Verification code"/);
    await env.browser.worker.evaluate((id: number) => chrome.debugger.attach({ tabId: id }, '1.3'), tabId);
    const r = data(await act('type_ax', { ref_id: ref, text: '482915' }, tabId));
    await env.browser.worker.evaluate((id: number) => chrome.debugger.detach({ tabId: id }), tabId);
    expect(r.success).toBe(false);
    expect(r.method).toBeUndefined();
    const tried = attempts(r);
    expect(tried.map((a) => a.split(':')[0])).toEqual(['keys', 'value-setter', 'exec-command', 'cdp-insert-text']);
    expect(tried[3]).toMatch(/^cdp-insert-text: not tried: .*debugger/i);
    expect(String(r.hint)).toContain('did not land');
    const s = await appState<TrustedState>(page);
    expect(s.code).toBe('');
    expect(s.codeTrusted).toBe(0);
    await page.close();
  });

  it('types into a cross-origin frame: focus moves there first, so the text does not land in the focused top-level field', async () => {
    const { page, tabId } = await env.browser.open(
      env.server.url(`/actions-trusted-input.html?frame=${encodeURIComponent(env.partner.origin)}`),
    );
    const frame = page.frameLocator('iframe[title="Partner form"]');
    await frame.locator('#code').waitFor();
    await page.locator('#plain').focus();
    const read = FrameTreeSchema.parse(okData(await act('iframe_read', { urlFilter: 'inner=1' }, tabId)));
    const ref = refOnLine(read.tree, /textbox "Verification code"/);
    expect(ref).toMatch(/^f\d+:ref_\d+$/);
    const r = data(await act('type_ax', { ref_id: ref, text: '9001' }, tabId));
    expect(r).toMatchObject({ success: true, method: 'cdp-insert-text', value: '9001' });
    const inner = page.frames().find((f) => f.url().includes('inner=1'));
    if (!inner) throw new Error('Playwright sees no partner frame');
    const s = await inner.evaluate(() => JSON.parse(JSON.stringify(Reflect.get(window, '__appState'))) as TrustedState);
    expect(s.code).toBe('9001');
    expect(s.codeTrusted).toBe(1);
    const top = await appState<TrustedState>(page);
    expect(top.plain).toBe('');
    expect(top.codeTrusted).toBe(0);
    expect(await page.locator('#plain').inputValue()).toBe('');
    expect(await debuggerAttached(tabId)).toBe(false);
    await page.close();
  });
});
