import { describe, expect, it } from 'vitest';
import { approveOrigin, approvePlanSites, isPrivateHost, judgeNavigation, startOrigins } from './origin-policy';

describe('origin policy', () => {
  const state = startOrigins('https://shop.example/cart?x=1');
  it('lets same-origin navigation through', () => {
    expect(judgeNavigation('https://shop.example/checkout', state)).toEqual({ kind: 'free' });
  });
  it('asks before another origin, showing the whole URL', () => {
    const v = judgeNavigation('https://evil.example/steal?d=secret-token', state);
    expect(v).toMatchObject({ kind: 'ask', origin: 'https://evil.example' });
    expect(v.kind === 'ask' && v.description).toContain('https://evil.example/steal?d=secret-token');
    expect(judgeNavigation('http://shop.example/', state).kind).toBe('ask');
  });
  it('remembers approved origins for the task', () => {
    const next = approveOrigin(state, 'https://docs.example');
    expect(judgeNavigation('https://docs.example/a', next)).toEqual({ kind: 'free' });
    expect(approveOrigin(next, 'https://docs.example')).toBe(next);
  });
  it('asks before loopback and private-network targets unless the task started there', () => {
    for (const u of [
      'http://127.0.0.1:8080/',
      'http://localhost/',
      'http://10.1.2.3/',
      'http://172.20.0.1/',
      'http://192.168.1.1/',
      'http://169.254.169.254/latest',
      'http://[::1]/',
      'http://[fd00::1]/',
      'http://printer.local/',
    ]) {
      const v = judgeNavigation(u, state);
      expect(v.kind).toBe('ask');
      expect(v.kind === 'ask' && v.description).toMatch(/private-network/);
    }
    const local = startOrigins('http://127.0.0.1:8080/app');
    expect(judgeNavigation('http://127.0.0.1:8080/other', local)).toEqual({ kind: 'free' });
    expect(judgeNavigation('http://127.0.0.1:9999/', local).kind).toBe('ask');
  });
  it('refuses non-http(s) schemes and junk', () => {
    for (const u of ['javascript:alert(1)', 'file:///etc/passwd', 'data:text/html,x', 'chrome://settings', 'not a url'])
      expect(judgeNavigation(u, state).kind).toBe('refuse');
  });
  it('classifies hosts', () => {
    expect(isPrivateHost('172.15.0.1')).toBe(false);
    expect(isPrivateHost('172.32.0.1')).toBe(false);
    expect(isPrivateHost('8.8.8.8')).toBe(false);
    expect(isPrivateHost('example.com')).toBe(false);
    expect(isPrivateHost('[::ffff:127.0.0.1]')).toBe(true);
  });
  it('starts with no free origin when the tab was not a web page', () => {
    expect(startOrigins(undefined).start).toBe('null');
    expect(judgeNavigation('https://a.example/', startOrigins('about:blank')).kind).toBe('ask');
  });
  it('shows the whole address, never cut (a payload past 300 characters stays visible)', () => {
    const url = `https://evil.example/long?pad=${'a'.repeat(600)}&d=TOKEN-1`;
    const v = judgeNavigation(url, state);
    expect(v.kind === 'ask' && v.description.split('\n')[1]).toBe(url);
  });
  it('asks again for an approved origin when the URL carries text read on another origin', () => {
    const approved = approveOrigin(state, 'https://partner.example');
    expect(judgeNavigation('https://partner.example/?q=x', approved).kind).toBe('free');
    const v = judgeNavigation('https://partner.example/?q=TOKEN-9', approved, 'Open', {
      from: 'https://mail.example',
      token: 'TOKEN-9',
    });
    expect(v.kind === 'ask' && v.description).toMatch(/text read on https:\/\/mail\.example \("TOKEN-9"\)/);
  });
  it("does not take a plan's private-network sites as approved, but keeps the start origin", () => {
    const local = startOrigins('http://127.0.0.1:8080/app');
    const next = approvePlanSites(local, ['http://127.0.0.1:8080', 'http://192.168.1.1', 'https://docs.example']);
    expect(next.approved).toEqual(['http://127.0.0.1:8080', 'https://docs.example']);
    expect(judgeNavigation('http://192.168.1.1/admin', next).kind).toBe('ask');
  });
});
