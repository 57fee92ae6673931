/**
 * What each build's model reads about its tools. The Firefox build has no DevTools protocol, so no
 * tool it offers may promise a trusted retry, a CDP source or the debugger (docs/firefox.md). The
 * registry is loaded as each build loads it: `__WB_BROWSER__` is the constant vite defines per build
 * (shared/browser-target.ts), set here before the modules are imported, each time in a fresh module graph.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { Tool } from './types';

const CHROME_ONLY = /\bcdp\b|cdp-|devtools|debugger|\btrusted\b/i;

/** The tool list as a build offers it (every mode and tier), with what its model reads of each tool. */
async function offered(browser: 'chrome' | 'firefox'): Promise<{ tool: Tool; text: string }[]> {
  vi.resetModules();
  vi.stubGlobal('__WB_BROWSER__', browser);
  const { registerAllTools } = await import('./index');
  const { toolsFor } = await import('./registry');
  const { BROWSER } = await import('../../shared/browser-target');
  expect(BROWSER).toBe(browser);
  registerAllTools();
  const byName = new Map<string, Tool>();
  for (const mode of ['ask', 'act', 'dev'] as const)
    for (const tier of ['compact', 'mid', 'full'] as const)
      for (const t of toolsFor(mode, tier, true)) byName.set(t.name, t);
  return [...byName.values()].map((tool) => ({
    tool,
    // The model gets the description and the argument schema (names, enums, per-argument descriptions).
    text: `${tool.description}\n${JSON.stringify(z.toJSONSchema(tool.schema, { unrepresentable: 'any' }))}`,
  }));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('tool descriptions per build', () => {
  it('no tool the Firefox build offers mentions CDP, the debugger or a trusted retry', async () => {
    const tools = await offered('firefox');
    expect(tools.map((t) => t.tool.name)).toEqual(expect.arrayContaining(['click_ax', 'type_ax', 'screenshot']));
    const leaks = tools
      .filter((t) => CHROME_ONLY.test(t.text))
      .map((t) => `${t.tool.name}: ${CHROME_ONLY.exec(t.text)?.[0]}`);
    expect(leaks).toEqual([]);
    const click = tools.find((t) => t.tool.name === 'click_ax');
    expect(click?.tool.description).toMatch(/synthetic page events only/);
  });

  it('the Chrome build still describes its trusted retry and the CDP source', async () => {
    const tools = await offered('chrome');
    const text = (name: string): string => tools.find((t) => t.tool.name === name)?.text ?? '';
    expect(text('click_ax')).toMatch(/one trusted click is retried/);
    expect(text('type_ax')).toMatch(/one trusted insertion/);
    expect(text('get_shadow_dom')).toMatch(/"enum":\["page","cdp"\]/);
  });
});
