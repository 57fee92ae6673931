import { describe, expect, it } from 'vitest';
import { siteToolDescription } from '../policy/site-tool-gate';
import {
  listSiteTools,
  rememberSiteTools,
  siteToolHard,
  siteToolReadOnly,
  siteToolsAfterAction,
  type SiteTool,
  type SiteToolsView,
} from './site-tools';

const tool = (over: Partial<SiteTool>): SiteTool => ({
  name: 'get_cart',
  description: 'Lists the cart.',
  schema: '{}',
  annotations: {},
  source: 'document',
  frameId: 'f0',
  chromeFrameId: 0,
  inputSchema: {},
  ...over,
});

describe('site tools: what the page claims and what Weaverbird believes', () => {
  it('runs without a prompt only what the page marks read-only and is not hard to undo by its own words', () => {
    expect(siteToolReadOnly(tool({ annotations: { readOnlyHint: true } }))).toBe(true);
    expect(siteToolReadOnly(tool({}))).toBe(false);
    // The page lies: a read-only delete_account is not believed, nor a read-only destructive tool.
    expect(siteToolReadOnly(tool({ name: 'delete_account', annotations: { readOnlyHint: true } }))).toBe(false);
    expect(siteToolReadOnly(tool({ title: 'Cancel my order', annotations: { readOnlyHint: true } }))).toBe(false);
    expect(siteToolReadOnly(tool({ annotations: { readOnlyHint: true, destructiveHint: true } }))).toBe(false);
    // A declarative form submits: never read-only.
    expect(siteToolReadOnly(tool({ source: 'form', annotations: { readOnlyHint: true } }))).toBe(false);
  });

  it('no grant covers a hard-to-undo or consequential tool', () => {
    expect(siteToolHard(tool({ name: 'delete-account' }))).toBe(true);
    expect(siteToolHard(tool({ annotations: { consequentialHint: true } }))).toBe(true);
    expect(siteToolHard(tool({ name: 'get_cart' }))).toBe(false);
  });

  it('lists one line per tool with its frame, title and hints, and describes the exact call for the user', () => {
    const lines = listSiteTools({
      tools: [
        tool({ title: 'Show the cart', annotations: { readOnlyHint: true, idempotentHint: false } }),
        tool({ name: 'lookup', frameId: 'f2', chromeFrameId: 7, description: 'x'.repeat(500) }),
      ],
      apis: ['document'],
      native: false,
    });
    expect(lines[0]).toBe('get_cart "Show the cart" (readOnly): Lists the cart.');
    expect(lines[1]).toMatch(/^lookup \[f2\]: x{200}$/);
    expect(siteToolDescription(tool({ name: 'pay', title: 'Pay now' }), 'https://shop.example', { amount: 40 })).toBe(
      `Run the site's tool "pay" ("Pay now") on https://shop.example with {"amount":40}`,
    );
  });
});

describe('site tools after an action', () => {
  const view = (...names: string[]): SiteToolsView => ({
    tools: names.map((name) => tool({ name })),
    apis: ['document'],
    native: false,
  });
  it('asks the page again only where it had tools, and tells a change once', async () => {
    const calls: number[] = [];
    let next = view();
    const discover = (tabId: number) => {
      calls.push(tabId);
      return Promise.resolve(next);
    };
    // Never discovered, or no tools at the last look: no page call.
    expect(await siteToolsAfterAction(901, discover)).toBeNull();
    expect(calls).toEqual([]);
    next = view('get_cart');
    expect(await siteToolsAfterAction(901, discover)).toBeNull();
    // Seen with tools (get_page_info discovered them): an action compares the list.
    rememberSiteTools(902, view('get_cart'));
    next = view('get_cart', 'checkout');
    expect(await siteToolsAfterAction(902, discover)).toEqual([
      'get_cart: Lists the cart.',
      'checkout: Lists the cart.',
    ]);
    expect(await siteToolsAfterAction(902, discover)).toBeNull();
    next = view();
    expect(await siteToolsAfterAction(902, discover)).toEqual([]);
    // None now: later actions there cost nothing.
    const before = calls.length;
    expect(await siteToolsAfterAction(902, discover)).toBeNull();
    expect(calls.length).toBe(before);
  });
});
