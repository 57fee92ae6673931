import { beforeAll, describe, expect, it } from 'vitest';
import { registerAllTools } from '../tools/index';
import { toolInputSchema } from '../agent/loop/tool-defs';
import { getTool } from '../tools/registry';
import { mcpResources, mcpTools, ownsTabId } from './tool-list';

beforeAll(() => {
  registerAllTools();
});

describe('the MCP tool list', () => {
  it('is the mode gate of the registry: Ask has no page actions and no JavaScript, Dev has both', () => {
    const ask = mcpTools('ask').map((t) => t.name);
    expect(ask).toContain('get_accessibility_tree');
    expect(ask).not.toContain('click_ax');
    expect(ask).not.toContain('execute_js');
    const dev = mcpTools('dev').map((t) => t.name);
    expect(dev).toEqual(expect.arrayContaining(['click_ax', 'execute_js']));
  });

  it('leaves out the tools that talk to the panel user or page through families', () => {
    const names = mcpTools('dev').map((t) => t.name);
    for (const n of ['ask_user', 'propose_plan', 'load_tools']) expect(names).not.toContain(n);
  });

  it("uses the model's own schema and description, plus an optional tabId where the tool has none", () => {
    const click = mcpTools('act').find((t) => t.name === 'click_ax');
    const tool = getTool('click_ax');
    if (!click || !tool) throw new Error('click_ax missing');
    expect(click.description).toBe(tool.description);
    expect(click.inputSchema.properties).toMatchObject({
      ...toolInputSchema(tool).properties,
      tabId: { type: 'integer' },
    });
    expect(click.inputSchema.required).not.toContain('tabId');
    // switch_tab's own tabId is the tool's, checked against the task's tabs.
    expect(ownsTabId('switch_tab')).toBe(true);
    expect(ownsTabId('click_ax')).toBe(false);
  });

  it('lists each resource only where its tool is offered, every one of them a read tool of Ask mode', () => {
    const ask = mcpTools('ask').map((t) => t.name);
    const resources = mcpResources('ask');
    expect(resources.map((r) => r.uri)).toEqual([
      'weaverbird://tab/tree',
      'weaverbird://tab/console',
      'weaverbird://tab/network',
    ]);
    for (const r of resources) {
      expect(ask).toContain(r.tool);
      expect(getTool(r.tool)?.readOnly).toBe(true);
    }
    expect(mcpResources('dev')).toEqual(resources);
  });
});
