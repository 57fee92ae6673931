import { describe, expect, it } from 'vitest';
import { compare, outcome } from './known-failures.mjs';

const c = (test: string, pass: boolean, extra: Record<string, unknown> = {}) => ({
  file: 'accname/x.html',
  test,
  kind: 'name',
  pass,
  unscorable: false,
  ...extra,
});

describe('known-failure list for WPT conformance', () => {
  it('counts failing cases and throwing cases as failures, and both in the total', () => {
    const run = outcome(
      [c('a', true), c('b', false), c('u', false, { unscorable: true })],
      [{ file: 'wai-aria/y.html', test: 't', error: 'boom' }],
    );
    expect([...run.failing.keys()]).toEqual(['accname/x.html :: b [name]', 'wai-aria/y.html :: t [threw]']);
    expect(run.total).toBe(3);
  });

  it('matches a list that names every failure with a reason and the same total', () => {
    const run = outcome([c('a', true), c('b', false)], []);
    expect(compare({ total: 2, failures: { 'accname/x.html :: b [name]': 'why' } }, run)).toEqual([]);
  });

  it('fails on a new failure, a fixed entry, an empty reason and a changed total', () => {
    const run = outcome([c('a', false), c('b', true), c('c', false)], []);
    const problems = compare(
      {
        total: 4,
        failures: { 'accname/x.html :: b [name]': 'was broken', 'accname/x.html :: c [name]': ' ' },
      },
      run,
    );
    expect(problems).toContain('new failure: accname/x.html :: a [name]');
    expect(problems).toContain('fixed: remove from list: accname/x.html :: b [name]');
    expect(problems).toContain('no reason given for accname/x.html :: c [name]');
    expect(problems.some((p) => p.startsWith('case count changed: the list says 4, this run scored 3'))).toBe(true);
  });

  it('keeps duplicate test names apart instead of merging them', () => {
    const run = outcome([c('same', false), c('same', false)], []);
    expect([...run.failing.keys()]).toEqual(['accname/x.html :: same [name]', 'accname/x.html :: same [name] #2']);
  });
});
