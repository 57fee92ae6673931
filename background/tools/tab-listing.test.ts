import { describe, expect, it } from 'vitest';
import { elidedUrl, listedTab, tabOrigin } from './tab-listing';

describe('list_tabs: what the model may learn about tabs', () => {
  it('shows other tabs as origin and capped title only, never their URL', () => {
    const t = listedTab(
      {
        id: 7,
        url: 'https://bank.example/reset?token=SECRET-RESET#code=OAUTH-CODE',
        title: `Reset\n${'x'.repeat(500)}`,
        active: false,
      },
      1,
    );
    expect(t).toMatchObject({ id: 7, origin: 'https://bank.example', yours: false });
    expect(JSON.stringify(t)).not.toMatch(/SECRET-RESET|OAUTH-CODE|\/reset/);
    expect(t.title.length).toBeLessThanOrEqual(200);
    expect(t.title).not.toContain('\n');
  });

  it('shows the task’s own tab with its path, query and fragment elided', () => {
    const t = listedTab({ id: 1, url: 'https://shop.example/cart?sid=S3CR3T#pay', title: 'Cart', active: true }, 1);
    expect(t).toEqual({ id: 1, title: 'Cart', url: 'https://shop.example/cart?…#…', active: true, yours: true });
    expect(elidedUrl('https://shop.example/a')).toBe('https://shop.example/a');
    // A task with tabs of its own (new_tab): all of them are its, the one it acts on is marked.
    const tab = (id: number) => ({ id, url: `https://shop.example/p${id}?k=1`, title: `T${id}`, active: false });
    expect(listedTab(tab(5), [1, 5], 5)).toEqual({
      id: 5,
      title: 'T5',
      url: 'https://shop.example/p5?…',
      active: false,
      yours: true,
      acting: true,
    });
    expect(listedTab(tab(1), [1, 5], 5)).toMatchObject({ yours: true, url: 'https://shop.example/p1?…' });
    expect(listedTab(tab(1), [1, 5], 5)).not.toHaveProperty('acting');
    expect(listedTab(tab(9), [1, 5], 5)).toEqual({
      id: 9,
      title: 'T9',
      origin: 'https://shop.example',
      active: false,
      yours: false,
    });
    expect(elidedUrl(`https://shop.example/${'p'.repeat(900)}?q=1`).length).toBeLessThanOrEqual(500);
  });

  it('names non-web tabs by scheme, never by path or content', () => {
    expect(tabOrigin('file:///home/me/taxes-2026.pdf')).toBe('file:');
    expect(tabOrigin('data:text/html,<h1>secret</h1>')).toBe('data:');
    expect(tabOrigin('chrome://settings/passwords')).toBe('chrome://settings');
    expect(tabOrigin('chrome-extension://abcdef/sidepanel/index.html?tabId=3')).toBe('chrome-extension://abcdef');
    expect(tabOrigin('about:blank')).toBe('about:');
    expect(tabOrigin(undefined)).toBe('unknown');
    expect(tabOrigin('not a url')).toBe('unknown');
  });
});
