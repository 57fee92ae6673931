import { describe, expect, it } from 'vitest';
import { elidedUrl, listedTab, originsOf, tabOrigin } from './tab-listing';

describe('list_tabs: what the model may learn about tabs', () => {
  it('shows other tabs as origin only, never their URL; their capped title only on a site of the task', () => {
    const bank = {
      id: 7,
      url: 'https://bank.example/reset?token=SECRET-RESET#code=OAUTH-CODE',
      title: `Reset code 123456\n${'x'.repeat(500)}`,
      active: false,
    };
    const t = listedTab(bank, 1, 1, ['https://shop.example']);
    expect(t).toEqual({ id: 7, origin: 'https://bank.example', active: false, yours: false });
    expect(JSON.stringify(t)).not.toMatch(/SECRET-RESET|OAUTH-CODE|\/reset|123456/);
    // On a site the task is on, the title is that site's data, which the task may read anyway.
    const same = listedTab(bank, 1, 1, ['https://bank.example']);
    expect(same.title?.length).toBeLessThanOrEqual(200);
    expect(same.title).toMatch(/^Reset code 123456/);
    expect(same.title).not.toContain('\n');
    const tabs = [
      { id: 1, url: 'https://shop.example/a?x=1', active: true },
      { id: 2, url: 'file:///home/me/a.pdf', active: false },
      bank,
    ];
    expect(originsOf(tabs, [1, 2])).toEqual(['https://shop.example']);
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
    expect(listedTab(tab(9), [1, 5], 5, ['https://shop.example'])).toEqual({
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
    expect(elidedUrl(undefined)).toBe('unknown');
    expect(elidedUrl('not a url')).toBe('unknown');
  });
});
