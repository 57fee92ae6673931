import { beforeAll, describe, expect, it } from 'vitest';
import { registerAllTools } from '../../tools/index';
import { familiesToLoad, getTool, shownTools, toolsFor } from '../../tools/registry';
import { FAMILY_NAMES } from '../../tools/families';
import type { TaskRecord } from '../task/state-store';
import { loadedFamilies, loadFamilyOf, runLoadTools } from './tool-loading';

function task(mode: TaskRecord['mode'], extra: Partial<TaskRecord> = {}): TaskRecord {
  return {
    taskId: 't',
    tabId: 1,
    mode,
    task: 'x',
    nonce: 'n',
    step: 0,
    startedAt: 0,
    history: [],
    guards: { readsWithoutProgress: 0, seenPages: [], callCounts: {} },
    usage: { inputTokens: 0, outputTokens: 0 },
    steps: [],
    malformedSteps: 0,
    resumes: 0,
    maxSteps: 40,
    ...extra,
  };
}

const shown = (rec: TaskRecord, tier: 'compact' | 'full') =>
  shownTools(rec.mode, tier, true, loadedFamilies(rec)).map((t) => t.name);

beforeAll(() => {
  registerAllTools();
});

describe('tool families', () => {
  it('shows core tools first, and a family once it is loaded, for the rest of the task', () => {
    const rec = task('act');
    expect(shown(rec, 'full')).toEqual(expect.arrayContaining(['get_accessibility_tree', 'click_ax', 'load_tools']));
    expect(shown(rec, 'full')).not.toContain('new_tab');
    const r = runLoadTools('load_tools', { family: 'tabs' }, rec, 'full', true);
    expect(r?.ok).toBe(true);
    expect(r?.text).toMatch(/new_tab/);
    expect(shown(rec, 'full')).toEqual(expect.arrayContaining(['new_tab', 'switch_tab', 'close_tab', 'list_tabs']));
    // Loading again changes nothing (the request prefix stays as it is).
    expect(runLoadTools('load_tools', { family: 'tabs' }, rec, 'full', true)?.text).toMatch(/already/);
    expect(rec.families).toEqual(['tabs']);
  });

  it('never shows more than the mode and tier allow: load_tools cannot widen the gate', () => {
    const rec = task('act');
    const r = runLoadTools('load_tools', { family: 'developer' }, rec, 'full', true);
    // Act mode has the shadow DOM reads of the family but never execute_js.
    expect(r?.ok).toBe(true);
    expect(shown(rec, 'full')).not.toContain('execute_js');
    const ask = task('ask');
    expect(runLoadTools('load_tools', { family: 'tabs' }, ask, 'full', true)?.text).toMatch(/list_tabs/);
    expect(shown(ask, 'full')).not.toContain('new_tab');
    expect(runLoadTools('load_tools', { family: 'plan' }, ask, 'full', true)?.ok).toBe(false);
    expect(runLoadTools('load_tools', { family: 'nope' }, ask, 'full', true)?.text).toMatch(/bad_arguments/);
    for (const mode of ['ask', 'act', 'dev'] as const) {
      const everything = task(mode, { families: [...FAMILY_NAMES] });
      const allowed = toolsFor(mode, 'full', true).map((t) => t.name);
      for (const name of shown(everything, 'full')) expect(allowed).toContain(name);
    }
  });

  it('a direct call to a tool of an unloaded family loads it; load_tools leaves when nothing is left', () => {
    const rec = task('dev');
    expect(loadFamilyOf('execute_js', rec, 'full', true)).toMatch(/developer/);
    expect(loadFamilyOf('execute_js', rec, 'full', true)).toBeNull();
    expect(loadFamilyOf('click_ax', rec, 'full', true)).toBeNull();
    expect(loadFamilyOf('execute_js', task('act'), 'full', true)).toBeNull();
    const all = task('dev', { families: [...FAMILY_NAMES] });
    expect(shown(all, 'full')).not.toContain('load_tools');
    expect(shown(all, 'full')).toEqual(
      toolsFor('dev', 'full', true)
        .filter((t) => t.name !== 'load_tools')
        .map((t) => t.name),
    );
  });

  it('Compact models get the essentials, the other core tools in the "more" family', () => {
    const rec = task('act');
    expect(shown(rec, 'compact')).not.toContain('verify');
    expect(shown(rec, 'full')).toContain('verify');
    runLoadTools('load_tools', { family: 'more' }, rec, 'compact', true);
    expect(shown(rec, 'compact')).toEqual(expect.arrayContaining(['verify', 'select_option', 'ask_user']));
  });

  it('plan first shows propose_plan from the first step', () => {
    expect(shown(task('act'), 'full')).not.toContain('propose_plan');
    expect(shown(task('act', { planRequired: true }), 'full')).toContain('propose_plan');
  });

  it('every family named in the prompt lists tools that exist', () => {
    for (const f of familiesToLoad(toolsFor('dev', 'full', true), 'full', []))
      for (const name of f.tools) expect(getTool(name)?.family).toBe(f.family);
  });
});
