/**
 * Monaco (monaco-editor 0.58 from npm, issue 25): the keys go to a hidden input the editor owns and
 * the lines are drawn apart from it. type_ax replaces the document, then appends, judged by the
 * editor's own model (editor.getValue(), mirrored to window.__appState).
 */
import { describe, expect, it } from 'vitest';
import { appState, data, refFor } from './support/actions';
import { readTree } from './support/tree';
import { useExtension } from './support/setup';

const env = useExtension({ shared: true });

const act = (name: string, args: unknown, tabId: number) => env.browser.tool(name, args, { tabId, mode: 'act' });

describe('monaco', () => {
  // Monaco's hidden textarea holds only a window of the document around the cursor, so it is typed
  // into as a drawn editor (content-scripts/actions/type-drawn.ts): one insertion, judged by what the
  // editor draws. Before, every read-back missed and each method inserted the text again.
  it("replaces the document, then appends, as the editor's own model says", async () => {
    const { page, tabId } = await env.browser.open(env.server.url('/actions-monaco.html'));
    await page.waitForSelector('.monaco-editor .view-lines');
    const tree = (await readTree(env.browser, tabId)).tree;
    const line = tree.split('\n').find((l) => /Script editor/.test(l));
    if (!line) throw new Error(`no editor in the tree:\n${tree}`);
    const ref = await refFor(env.browser, tabId, /Script editor/);
    const r = data(await act('type_ax', { ref_id: ref, text: 'let total = 2;' }, tabId));
    expect(r.success, JSON.stringify(r)).toBe(true);
    await expect.poll(async () => (await appState<{ text: string }>(page)).text).toBe('let total = 2;');
    expect(r.value).toBe('let total = 2;');
    expect(r.attempts).toBeUndefined();
    const a = data(await act('type_ax', { ref_id: ref, text: ' // ok', clear: false }, tabId));
    expect(a.success, JSON.stringify(a)).toBe(true);
    await expect.poll(async () => (await appState<{ text: string }>(page)).text).toBe('let total = 2; // ok');
    await page.close();
  });

  it('replaces a document longer than the textarea window with several lines, once, in one model change', async () => {
    const { page, tabId } = await env.browser.open(env.server.url('/actions-monaco.html?lines=40'));
    await page.waitForSelector('.monaco-editor .view-lines');
    const ref = await refFor(env.browser, tabId, /Script editor/);
    // The textarea holds a window of the document, not all of it: its value is not the document.
    const window = await page.evaluate(() => document.querySelector('textarea')?.value ?? '');
    expect(window.split('\n').length).toBeLessThan(40);
    const changesBefore = (await appState<{ changes: number }>(page)).changes;
    const text = 'const a = 1;\nconst b = 2;';
    const r = data(await act('type_ax', { ref_id: ref, text }, tabId));
    expect(r.success, JSON.stringify(r)).toBe(true);
    await expect.poll(async () => (await appState<{ text: string }>(page)).text).toBe(text);
    const s = await appState<{ changes: number }>(page);
    // Several lines go in as one paste: one model change, not one per character (Monaco types a
    // multi-character string one character at a time, re-indenting after each newline).
    expect(s.changes - changesBefore).toBe(1);
    await page.close();
  });

  it('with screen-reader support off (an empty textarea) the document is still read and replaced', async () => {
    const { page, tabId } = await env.browser.open(env.server.url('/actions-monaco.html?a11y=off'));
    await page.waitForSelector('.monaco-editor .view-lines');
    // Monaco then names its textarea "The editor is not accessible at this time."
    const ref = await refFor(env.browser, tabId, /^textbox /);
    const r = data(await act('type_ax', { ref_id: ref, text: 'print(1)' }, tabId));
    expect(r.success, JSON.stringify(r)).toBe(true);
    await expect.poll(async () => (await appState<{ text: string }>(page)).text).toBe('print(1)');
    const a = data(await act('type_ax', { ref_id: ref, text: '\nprint(2)', clear: false }, tabId));
    expect(a.success, JSON.stringify(a)).toBe(true);
    await expect.poll(async () => (await appState<{ text: string }>(page)).text).toBe('print(1)\nprint(2)');
    await page.close();
  });

  // Chrome's default for Monaco (editContext on): the ref is a div whose EditContext takes the text
  // (https://w3c.github.io/edit-context/), neither a field nor contenteditable. It used to be refused
  // with not_typeable; now the editor's own select-all key and a paste it handles put the text in once.
  it('types into Monaco in its default EditContext mode: replace, append, several lines in one change', async () => {
    const { page, tabId } = await env.browser.open(env.server.url('/actions-monaco.html?ec=on'));
    await page.waitForSelector('.monaco-editor .view-lines');
    const owner = await page.evaluate(() => {
      const el = document.querySelector('.monaco-editor [role="textbox"]');
      return el ? { tag: el.localName, ec: Reflect.get(el, 'editContext') !== null } : null;
    });
    expect(owner).toEqual({ tag: 'div', ec: true });
    const ref = await refFor(env.browser, tabId, /Script editor/);
    const r = data(await act('type_ax', { ref_id: ref, text: 'let total = 2;' }, tabId));
    expect(r.success, JSON.stringify(r)).toBe(true);
    await expect.poll(async () => (await appState<{ text: string }>(page)).text).toBe('let total = 2;');
    expect(r.value).toBe('let total = 2;');
    const a = data(await act('type_ax', { ref_id: ref, text: ' // ok', clear: false }, tabId));
    expect(a.success, JSON.stringify(a)).toBe(true);
    await expect.poll(async () => (await appState<{ text: string }>(page)).text).toBe('let total = 2; // ok');
    const changesBefore = (await appState<{ changes: number }>(page)).changes;
    const text = 'if (a) {\n  b();\n}';
    const m = data(await act('type_ax', { ref_id: ref, text }, tabId));
    expect(m.success, JSON.stringify(m)).toBe(true);
    await expect.poll(async () => (await appState<{ text: string }>(page)).text).toBe(text);
    // One model change: the lines are not typed one character at a time (no auto-indent, no closing brace).
    expect((await appState<{ changes: number }>(page)).changes - changesBefore).toBe(1);
    await page.close();
  });

  it('EditContext mode: a 40-line document is replaced whole, though the element holds only a window of it', async () => {
    const { page, tabId } = await env.browser.open(env.server.url('/actions-monaco.html?ec=on&lines=40'));
    await page.waitForSelector('.monaco-editor .view-lines');
    const ref = await refFor(env.browser, tabId, /Script editor/);
    const r = data(await act('type_ax', { ref_id: ref, text: 'done();' }, tabId));
    expect(r.success, JSON.stringify(r)).toBe(true);
    await expect.poll(async () => (await appState<{ text: string }>(page)).text).toBe('done();');
    await page.close();
  });
});
