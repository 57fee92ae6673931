// @vitest-environment jsdom
import { render } from 'preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MarkdownView } from './markdown-view';

const flush = () => new Promise((r) => setTimeout(r, 0));
let root: HTMLElement;

function show(text: string): HTMLAnchorElement {
  root = document.createElement('div');
  document.body.append(root);
  render(<MarkdownView text={text} />, root);
  const a = root.querySelector('a');
  if (!a) throw new Error('no link rendered');
  return a;
}

function click(a: HTMLAnchorElement, button = 0): boolean {
  const e = new MouseEvent(button === 1 ? 'auxclick' : 'click', { bubbles: true, cancelable: true, button });
  return a.dispatchEvent(e);
}

afterEach(() => {
  render(null, root);
  root.remove();
  vi.restoreAllMocks();
});

describe('MarkdownView links', () => {
  it('holds a link whose text names another host and opens it only on yes', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const a = show('See [bank.example/account](https://evil.example/x?d=secret).');
    expect(click(a)).toBe(false);
    await flush();
    const confirm = root.querySelector('[data-testid="link-confirm"]');
    expect(confirm?.textContent).toContain('evil.example');
    expect(confirm?.textContent).toContain('https://evil.example/x?d=secret');
    expect(open).not.toHaveBeenCalled();
    const yes = [...root.querySelectorAll('button')].find((b) => b.textContent?.startsWith('Open'));
    yes?.click();
    await flush();
    expect(open).toHaveBeenCalledWith('https://evil.example/x?d=secret', '_blank', 'noopener,noreferrer');
    expect(root.querySelector('[data-testid="link-confirm"]')).toBeNull();
  });

  it('holds a middle click too, and Cancel opens nothing', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const a = show('[bank.example](https://evil.example/)');
    expect(click(a, 1)).toBe(false);
    await flush();
    const cancel = [...root.querySelectorAll('button')].find((b) => b.textContent === 'Cancel');
    cancel?.click();
    await flush();
    expect(root.querySelector('[data-testid="link-confirm"]')).toBeNull();
    expect(open).not.toHaveBeenCalled();
  });

  it('lets a link open as before when its text names no host or the same one', async () => {
    for (const md of ['[the report](https://evil.example/r)', '[bank.example](https://www.bank.example/a)']) {
      const a = show(md);
      // jsdom does not navigate: an event that was not cancelled is the browser's default (a new tab).
      expect(click(a)).toBe(true);
      await flush();
      expect(root.querySelector('[data-testid="link-confirm"]')).toBeNull();
      render(null, root);
      root.remove();
    }
    root = document.createElement('div');
  });
});
