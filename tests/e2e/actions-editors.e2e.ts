/**
 * Rich editors from npm (tests/fixtures/apps/actions-editors): type_ax replaces and appends text in
 * CodeMirror 6, ProseMirror, Lexical and Slate, judged by each editor's own document model.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appState, data, refFor } from './support/actions';
import { useExtension } from './support/setup';

const env = useExtension({ shared: true });

const act = (name: string, args: unknown, tabId: number) => env.browser.tool(name, args, { tabId, mode: 'act' });

interface State {
  codemirror: string;
  prosemirror: string;
  lexical: string;
  slate: string;
}

async function open(): Promise<{ page: Page; tabId: number }> {
  const opened = await env.browser.open(env.server.url('/actions-editors.html'));
  await opened.page.waitForFunction(
    () => document.body.dataset.ready === '1' && document.querySelector('#slate [contenteditable]'),
  );
  return opened;
}

const EDITORS: { key: keyof State; line: RegExp; replaced: string; appended: string }[] = [
  { key: 'codemirror', line: /textbox "Code"/, replaced: 'let sum = 2;', appended: ' // ok' },
  { key: 'prosemirror', line: /textbox "Letter"/, replaced: 'Hello world', appended: ' and more' },
  { key: 'lexical', line: /textbox "Notes"/, replaced: 'Buy milk', appended: ' today' },
  { key: 'slate', line: /textbox "Message"/, replaced: 'Good morning', appended: ' all' },
];

describe('rich editors', () => {
  for (const ed of EDITORS) {
    it(`${ed.key}: replaces the document, then appends, as the editor's own model says`, async () => {
      const { page, tabId } = await open();
      const ref = await refFor(env.browser, tabId, ed.line);
      const r = data(await act('type_ax', { ref_id: ref, text: ed.replaced }, tabId));
      expect(r.success, JSON.stringify(r)).toBe(true);
      await expect.poll(async () => (await appState<State>(page))[ed.key]).toBe(ed.replaced);
      const a = data(await act('type_ax', { ref_id: ref, text: ed.appended, clear: false }, tabId));
      expect(a.success, JSON.stringify(a)).toBe(true);
      await expect.poll(async () => (await appState<State>(page))[ed.key]).toBe(ed.replaced + ed.appended);
      await page.close();
    });
  }
});
