/**
 * JS dialogs in the Firefox build (issue 25): Firefox gives extensions no debugger, so the build
 * cannot see or answer a dialog. What it must do: never hang (a click that opens confirm() returns
 * by its deadline) and not offer handle_dialog (docs/dialogs-and-deadlines.md).
 */
import { describe, expect, it } from 'vitest';
import { TreeResultSchema } from '../../shared/tree-contract';
import { okData, refOnLine } from '../e2e/support/frames';
import { firefoxSuite } from './support/suite';

const { run, env } = firefoxSuite();

describe.skipIf(!run)('JS dialogs in the Firefox build', () => {
  it('a click that opens confirm() returns by its deadline; handle_dialog is not offered', async () => {
    const { ff, server } = env();
    const { tabId } = await ff.open(server.url('/dialogs.html'));
    const t = TreeResultSchema.parse(okData(await ff.tool('get_accessibility_tree', {}, { tabId, mode: 'act' }))).tree;
    const t0 = performance.now();
    const r = await ff.tool('click_ax', { ref_id: refOnLine(t, /button "Delete draft"/) }, { tabId, mode: 'act' });
    // Whatever the platform does with the dialog (left open: timeout; answered by the driver: a
    // result), the call ends within the page-call deadline plus the tool's own work.
    expect(performance.now() - t0).toBeLessThan(15_000);
    if (!r.ok) expect(r.error.code).toBe('timeout');
    const h = await ff.tool('handle_dialog', { accept: true }, { tabId, mode: 'act' });
    expect(h).toMatchObject({ ok: false, error: { code: 'tool_not_allowed' } });
  });
});
