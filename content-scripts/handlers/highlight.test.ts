// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getRefRegistry } from '../ax/ref-registry';
import { HIGHLIGHT_ATTR, highlightHandler } from './highlight';

afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = '';
});

describe('highlight_ref (page side)', () => {
  it('outlines the element behind a ref, then removes the outline', async () => {
    vi.useFakeTimers();
    document.body.innerHTML = '<button>Pay</button>';
    const button = document.querySelector('button');
    if (!button) throw new Error('fixture');
    button.scrollIntoView = () => undefined; // jsdom has no layout
    const ref = getRefRegistry(globalThis).refFor(button);

    const reply = await highlightHandler.run({ ref }, document);
    expect(reply).toMatchObject({ ok: true, data: { ref, tag: 'button' } });
    const hosts = document.querySelectorAll(`[${HIGHLIGHT_ATTR}]`);
    expect(hosts).toHaveLength(1);
    expect(hosts[0]?.getAttribute(HIGHLIGHT_ATTR)).toBe(ref);
    // The page sees only the host; its content sits in a closed shadow root.
    expect(hosts[0]?.shadowRoot).toBeNull();
    expect(hosts[0]?.getAttribute('style')).toContain('pointer-events: none !important');

    // A second highlight replaces the first instead of stacking.
    await highlightHandler.run({ ref: `f0:${ref}` }, document);
    expect(document.querySelectorAll(`[${HIGHLIGHT_ATTR}]`)).toHaveLength(1);

    vi.advanceTimersByTime(2100);
    expect(document.querySelectorAll(`[${HIGHLIGHT_ATTR}]`)).toHaveLength(0);
  });

  it('answers unknown refs and bad arguments with actionable errors', async () => {
    expect(await highlightHandler.run({ ref: 'ref_999999' }, document)).toMatchObject({
      ok: false,
      error: { code: 'ref_not_found' },
    });
    expect(await highlightHandler.run({ ref: 'button' }, document)).toMatchObject({
      ok: false,
      error: { code: 'bad_ref' },
    });
    expect(await highlightHandler.run({}, document)).toMatchObject({ ok: false, error: { code: 'bad_arguments' } });
  });
});
