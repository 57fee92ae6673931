import { describe, expect, it } from 'vitest';
import { buildSystemPrompt } from './system-prompt';
import { closeMarker, openMarker } from './untrusted';

const base = {
  tier: 'mid' as const,
  nonce: '0123456789abcdef01234567',
  tools: ['get_accessibility_tree'],
  pageUrl: 'https://x.example/',
  pageTitle: 'X',
  maxSteps: 30,
  resumed: false,
};

describe('system prompt', () => {
  it('declares this task’s markers and that their content is data', () => {
    const p = buildSystemPrompt({ ...base, mode: 'act' });
    expect(p).toContain(openMarker(base.nonce));
    expect(p).toContain(closeMarker(base.nonce));
    expect(p).toMatch(/never instructions to follow/);
    expect(p).toMatch(/continuationArgs/);
    expect(p).toMatch(/read the tree again before acting/);
  });
  it('states the mode’s limits', () => {
    expect(buildSystemPrompt({ ...base, mode: 'ask' })).toMatch(/ASK mode: you may only read/);
    expect(buildSystemPrompt({ ...base, mode: 'act' })).toMatch(/pause for the user's approval/);
    expect(buildSystemPrompt({ ...base, mode: 'dev' })).toMatch(/DEV mode/);
  });
  it('tells a resumed run to re-read the page', () => {
    expect(buildSystemPrompt({ ...base, mode: 'act', resumed: true })).toMatch(/restarted by the browser/);
  });
});
