/**
 * drag (issue 25) in real Chromium on libraries from npm, judged by each one's own state: SortableJS
 * (HTML5 drag and drop armed on pointerdown), a native HTML5 kanban whose drop reads the card from
 * the DataTransfer, and dnd-kit (pointer events with an activation distance).
 */
import { describe, expect, it } from 'vitest';
import type { Result } from '../../shared/result';
import { appState, data, refFor } from './support/actions';
import { useExtension } from './support/setup';

interface DragState {
  sortable: string[];
  kanban: Record<string, string[]>;
  kanbanDrops: number;
  dataTransferText: string;
  kit: { backlog: string[]; doing: string[] };
  kitDrops: number;
  price: number[];
}

const env = useExtension({ shared: true });
const act = (name: string, args: unknown, tabId: number): Promise<Result<unknown>> =>
  env.browser.tool(name, args, { tabId, mode: 'act' });
const open = async () => {
  const opened = await env.browser.open(env.server.url('/actions-drag.html'));
  await opened.page.waitForFunction(() => document.querySelectorAll('#kit li').length > 0);
  return opened;
};

/** A ref for text the tree prints without one (a SortableJS item): text_search, the model's own path. */
async function textRef(tabId: number, text: string): Promise<string> {
  const r = await env.browser.tool('text_search', { text, exact: true }, { tabId, mode: 'act' });
  if (!r.ok) throw new Error(r.error.message);
  const ref = /\[(ref_\d+)\]/.exec(String(r.data))?.[1];
  if (!ref) throw new Error(`no ref for ${text}: ${String(r.data)}`);
  return ref;
}

describe('drag', () => {
  it('reorders a SortableJS list (HTML5 drag and drop armed on pointerdown); the result shows the order before and after', async () => {
    const { page, tabId } = await open();
    const r = data(
      await act(
        'drag',
        { ref_id: await textRef(tabId, 'Butter'), to_ref_id: await textRef(tabId, 'Eggs'), position: 'before' },
        tabId,
      ),
    );
    expect(r).toMatchObject({ success: true, method: 'html5', verified: true });
    expect((await appState<DragState>(page)).sortable).toEqual(['Milk', 'Butter', 'Eggs', 'Bread']);
    expect(String(r.moved)).toMatch(/^"Butter" moved from position 4 to position 2/);
    expect(r.before).toEqual([
      expect.stringMatching(/^list "Shopping list" \[ref_\d+\]: "Milk", "Eggs", "Bread", "Butter"$/),
    ]);
    expect(r.after).toEqual([expect.stringMatching(/: "Milk", "Butter", "Eggs", "Bread"$/)]);
    await page.close();
  });

  it('moves a native kanban card to another column; the drop reads the card from the DataTransfer', async () => {
    const { page, tabId } = await open();
    const card = await refFor(env.browser, tabId, /listitem \[ref_\d+\]: "Fix bug"/);
    const r = data(await act('drag', { ref_id: card, to_ref_id: await textRef(tabId, 'Done') }, tabId));
    expect(r).toMatchObject({ method: 'html5', verified: true });
    const s = await appState<DragState>(page);
    expect(s.kanban).toEqual({ todo: ['Write spec'], done: ['Ship v1', 'Fix bug'] });
    expect(s.dataTransferText).toBe('Fix bug');
    expect(s.kanbanDrops).toBe(1);
    await page.close();
  });

  it('drags a dnd-kit card (pointer events, 5 px activation distance) into another column', async () => {
    const { page, tabId } = await open();
    const card = await refFor(env.browser, tabId, /button "Design review"/);
    const r = data(await act('drag', { ref_id: card, to_ref_id: await textRef(tabId, 'Doing') }, tabId));
    expect(r).toMatchObject({ verified: true });
    expect(['pointer', 'cdp']).toContain(r.method);
    const s = await appState<DragState>(page);
    expect(s.kit).toEqual({ backlog: [], doing: ['Design review'] });
    expect(s.kitDrops).toBe(1);
    await page.close();
  });

  it('sends one trusted CDP drag where the page takes only trusted pointer input', async () => {
    const { page, tabId } = await open();
    const style = await refFor(env.browser, tabId, /button "Style"/);
    const security = await refFor(env.browser, tabId, /button "Security"/);
    const r = data(await act('drag', { ref_id: style, to_ref_id: security, position: 'before' }, tabId));
    expect(r).toMatchObject({ method: 'cdp', verified: true });
    expect(String(r.fallback)).toMatch(/one trusted \(CDP\) drag was sent/);
    expect(await page.evaluate(() => (window as unknown as { __prio: string[] }).__prio)).toEqual([
      'Style',
      'Security',
      'Speed',
    ]);
    await page.close();
  });

  it('moves a noUiSlider handle to a point on its track; the result names the value change', async () => {
    const { page, tabId } = await open();
    const handle = await refFor(env.browser, tabId, /slider "Minimum price"/);
    const box = await page.locator('#price').boundingBox();
    if (!box) throw new Error('no slider track');
    const r = data(
      await act('drag', { ref_id: handle, to: { x: box.x + box.width * 0.4, y: box.y + box.height / 2 } }, tabId),
    );
    expect(r).toMatchObject({ verified: true });
    expect(String(r.moved)).toMatch(/^slider "Minimum price" \[ref_\d+\] value "20\.00" → "40\.00"$/);
    expect((await appState<DragState>(page)).price).toEqual([40, 80]);
    await page.close();
  });
});
