/**
 * The read gate with the browser faked: the committed frames of a tab and chrome.storage.session
 * (a fresh module instance over the same storage stands for a worker restart).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeSessionStorage } from '../../tests/unit-support/fake-session';

const FRAMES = [
  { frameId: 0, parentFrameId: -1, url: 'https://news.example/a' },
  { frameId: 3, parentFrameId: 0, url: 'https://mail.example/inbox' },
  { frameId: 4, parentFrameId: 0, url: 'about:srcdoc' },
];

function fakeChrome() {
  return { storage: { session: fakeSessionStorage() }, webNavigation: { getAllFrames: () => Promise.resolve(FRAMES) } };
}

function deps(answers: boolean[]) {
  const asked: string[] = [];
  return {
    asked,
    deps: {
      taskId: 't1',
      navOrigins: () => Promise.resolve({ start: 'https://news.example', approved: [] }),
      ask: (site: string, description: string) => {
        asked.push(`${site}: ${description}`);
        return Promise.resolve(answers.shift() ?? false);
      },
    },
  };
}

// Files share one module graph (isolate: false, vitest.config.ts): start from fresh modules.
beforeEach(() => vi.resetModules());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

describe('read gate', () => {
  it("reads the task's own page and its srcdoc frames without asking", async () => {
    vi.stubGlobal('chrome', fakeChrome());
    const { makeReadGate } = await import('./read-gate');
    const d = deps([]);
    const gate = makeReadGate(d.deps);
    expect((await gate.frame(1, 0)).ok).toBe(true);
    expect((await gate.frame(1, 4)).ok).toBe(true);
    expect(d.asked).toEqual([]);
    expect([...gate.origins]).toEqual(['https://news.example']);
  });

  it('asks before reading another site, and a denial is a value that tells the model what to do', async () => {
    vi.stubGlobal('chrome', fakeChrome());
    const { makeReadGate } = await import('./read-gate');
    const d = deps([false]);
    const r = await makeReadGate(d.deps).frame(1, 3);
    expect(r).toMatchObject({ ok: false, error: { code: 'denied_by_user' } });
    expect(r.ok ? '' : r.error.message).toMatch(/mail\.example.*Do not try to read it another way/);
    expect(d.asked).toEqual([
      expect.stringMatching(/^https:\/\/mail\.example: Read the embedded frame from mail\.example\?/),
    ]);
  });

  it("content from an origin (a downloaded file) asks with the caller's words unless it is the task's", async () => {
    vi.stubGlobal('chrome', fakeChrome());
    const { makeReadGate } = await import('./read-gate');
    const d = deps([false]);
    const gate = makeReadGate(d.deps);
    expect((await gate.content('https://news.example', 'unused')).ok).toBe(true);
    const r = await gate.content('https://bank.example', 'Read the file codes.csv downloaded from bank.example?');
    expect(r).toMatchObject({ ok: false, error: { code: 'denied_by_user' } });
    expect(d.asked).toEqual(['https://bank.example: Read the file codes.csv downloaded from bank.example?']);
    expect([...gate.origins]).toEqual(['https://news.example']);
  });

  it('an approval holds for the task, across a worker restart, until the task is forgotten', async () => {
    const chrome = fakeChrome();
    vi.stubGlobal('chrome', chrome);
    const first = await import('./read-gate');
    const d = deps([true]);
    expect((await first.makeReadGate(d.deps).frame(1, 3)).ok).toBe(true);
    vi.resetModules();
    vi.stubGlobal('chrome', chrome);
    const again = await import('./read-gate');
    const d2 = deps([]);
    const gate = again.makeReadGate(d2.deps);
    expect((await gate.frame(1, 3)).ok).toBe(true);
    expect((await gate.pixels(1)).ok).toBe(true);
    expect(d2.asked).toEqual([]);
    await again.forgetReadOrigins('t1');
    expect((await again.makeReadGate(deps([false]).deps).frame(1, 3)).ok).toBe(false);
  });

  it('judges later calls of a task from the worker, with no storage read per call', async () => {
    const chrome = fakeChrome();
    let gets = 0;
    const get = chrome.storage.session.get;
    chrome.storage.session.get = (k: string) => (gets++, get(k));
    vi.stubGlobal('chrome', chrome);
    const { makeReadGate } = await import('./read-gate');
    expect((await makeReadGate(deps([true]).deps).frame(1, 3)).ok).toBe(true);
    for (let i = 0; i < 3; i++) expect((await makeReadGate(deps([]).deps).frame(1, 3)).ok).toBe(true);
    expect(gets).toBe(1);
    // Written through, so a restarted worker still holds the approval.
    expect(await get('wb.read-origins.t1')).toEqual({ 'wb.read-origins.t1': ['https://mail.example'] });
  });

  it("lists the frames once per call: the note after a read reuses the read's own judgment", async () => {
    const chrome = fakeChrome();
    let lists = 0;
    chrome.webNavigation.getAllFrames = () => (lists++, Promise.resolve(FRAMES));
    vi.stubGlobal('chrome', chrome);
    const { makeReadGate } = await import('./read-gate');
    const gate = makeReadGate(deps([]).deps);
    expect((await gate.frame(1, 0)).ok).toBe(true);
    expect([...(await gate.outside(1))]).toEqual([3]);
    expect(lists).toBe(1);
    // A judgment before a read never reuses a list: the frame may have navigated since.
    expect((await gate.frame(1, 4)).ok).toBe(true);
    expect(lists).toBe(2);
  });

  it('a screenshot of the page asks for each other site it may show', async () => {
    vi.stubGlobal('chrome', fakeChrome());
    const { makeReadGate } = await import('./read-gate');
    const d = deps([false]);
    expect((await makeReadGate(d.deps).pixels(1)).ok).toBe(false);
    expect(d.asked).toHaveLength(1);
  });

  it('lists the frames whose reading would ask, without asking', async () => {
    vi.stubGlobal('chrome', fakeChrome());
    const { makeReadGate } = await import('./read-gate');
    const d = deps([]);
    expect([...(await makeReadGate(d.deps).outside(1))]).toEqual([3]);
    expect(d.asked).toEqual([]);
  });
  describe('a read while the navigation guard takes the tab back', () => {
    const ERROR = [{ frameId: 0, parentFrameId: -1, url: 'https://attacker.example/po?d=1' }];
    const BACK = [{ frameId: 0, parentFrameId: -1, url: 'https://news.example/a' }];

    async function gateOver(first: typeof FRAMES, settleTo: typeof FRAMES | null) {
      let now = first;
      vi.stubGlobal('chrome', {
        storage: { session: fakeSessionStorage() },
        webNavigation: { getAllFrames: () => Promise.resolve(now) },
      });
      const { makeReadGate } = await import('./read-gate');
      const d = deps([false]);
      const settled: number[] = [];
      const gate = makeReadGate({
        ...d.deps,
        settle: (tabId: number) => {
          settled.push(tabId);
          if (settleTo) now = settleTo;
          return Promise.resolve();
        },
      });
      return { gate, asked: d.asked, settled };
    }

    it("waits for the guard instead of asking to read the refused site's error page", async () => {
      const { gate, asked, settled } = await gateOver(ERROR, BACK);
      expect(await gate.frame(7, 0)).toEqual({ ok: true, data: true });
      expect((await gate.pixels(7)).ok).toBe(true);
      expect(settled).toEqual([7]);
      expect(asked).toEqual([]);
      expect([...gate.origins]).toEqual(['https://news.example']);
    });

    it('still asks when the tab really shows the other site once the guard is done', async () => {
      const { gate, asked, settled } = await gateOver(ERROR, null);
      expect(await gate.frame(7, 0)).toMatchObject({ ok: false, error: { code: 'denied_by_user' } });
      expect(settled).toEqual([7]);
      expect(asked).toEqual([expect.stringMatching(/^https:\/\/attacker\.example: /)]);
    });

    it('an allowed read never waits for the guard', async () => {
      const { gate, settled } = await gateOver(BACK, BACK);
      expect((await gate.frame(7, 0)).ok).toBe(true);
      expect((await gate.pixels(7)).ok).toBe(true);
      expect(settled).toEqual([]);
    });
  });
});
