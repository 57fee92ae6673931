// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { watchRegionsHandler } from './watch-regions';

afterEach(async () => {
  await watchRegionsHandler.run({ op: 'stop' }, document);
  document.body.innerHTML = '';
});

interface Report {
  steady: number;
  regions: { lines: string[]; appearedAtMs: number | null; disappearedAtMs: number | null }[];
}

function isReport(v: unknown): v is Report {
  return typeof v === 'object' && v !== null && 'regions' in v && Array.isArray(v.regions) && 'steady' in v;
}

async function stop(): Promise<Report> {
  const reply = await watchRegionsHandler.run({ op: 'stop' }, document);
  if (!reply.ok || !isReport(reply.data)) throw new Error(`no report: ${JSON.stringify(reply)}`);
  return reply.data;
}

const tick = (): Promise<void> => new Promise((r) => setTimeout(r, 30));

describe('watch_regions (page side)', () => {
  it('reports a change in the page banner, and a status inside it only once', async () => {
    document.body.innerHTML =
      '<header><span id="who">Signed out</span><div role="status" id="st"></div></header>' +
      '<main><section><header id="local">Section title</header></section></main>';
    expect((await watchRegionsHandler.run({ op: 'start', sampleMs: 5000 }, document)).ok).toBe(true);
    const who = document.getElementById('who');
    const st = document.getElementById('st');
    if (!who || !st) throw new Error('fixture');
    who.textContent = 'Signed in as Ada';
    await tick();
    st.textContent = 'Saved';
    await tick();
    const report = await stop();
    const texts = report.regions.map((r) => r.lines.join('\n'));
    // The banner before (gone at the change) and after; the status by itself, not in the banner's text.
    expect(texts.filter((t) => t.includes('Signed out'))).toHaveLength(1);
    expect(texts.filter((t) => t.includes('Signed in as Ada'))).toHaveLength(1);
    expect(texts.filter((t) => t.includes('Saved'))).toHaveLength(1);
    expect(texts.some((t) => t.includes('Saved') && t.includes('Signed'))).toBe(false);
    // A section's header is not the page's banner.
    expect(texts.some((t) => t.includes('Section title'))).toBe(false);
  });

  it('takes a frame id for its lines and rejects other arguments', async () => {
    expect((await watchRegionsHandler.run({ op: 'start', sampleMs: 250, frameRef: 'f1' }, document)).ok).toBe(true);
    expect((await watchRegionsHandler.run({ op: 'start', sampleMs: 250, frame: 1 }, document)).ok).toBe(false);
    expect((await watchRegionsHandler.run({ op: 'start', sampleMs: 250, frameRef: 'x"y' }, document)).ok).toBe(false);
  });
});
