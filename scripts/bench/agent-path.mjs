// The agent-path section of `npm run bench` (issue 26): what the agent loop adds to a tool call
// (background/agent/loop/tool-exec.ts: checkpoint, normalizer, approval gate, origin guard, read gate,
// fence, the task record and the panel events) over the registry call the console makes. A scripted
// fake model (tests/fake-providers/script.ts) makes the same cheap calls in one task per run (one
// task each: the loop guards stop a task that repeats reads, guards.ts); the loop
// times each call itself (`tool_result.ms`, from before executeCall to after it) and the same calls are
// timed inside the worker through `wb.tool`. The difference of the medians is the loop's overhead.
// `tool_result.ms` is whole milliseconds (Date.now), so medians of many calls are compared. The
// extension API calls the worker makes during the tasks are counted too (`browserCallsPerTask`): a
// figure the machine's load does not move.

import { performance } from 'node:perf_hooks';

const CALLS = [
  { tool: 'get_page_info', args: {} },
  { tool: 'get_accessibility_tree', args: { filter: 'interactive' } },
];
/**
 * A page action on a ref as well: the loop gates it and records it for "Save as workflow"
 * (workflows/recorder.ts), which reads do not pay. `scroll {ref_id}` changes nothing to undo.
 */
const ACTION = { tool: 'scroll', line: /textbox "Email"/ };

const KEY = 'sk-fake-bench-key-4242';
const round = (x, d = 2) => Math.round(x * 10 ** d) / 10 ** d;

/** Runs a scripted task through the panel Port, as the side panel does, and returns its events. */
async function runTask(browser, tabId, task) {
  const page = await browser.context.newPage();
  try {
    await page.goto(`chrome-extension://${browser.extensionId}/sidepanel/index.html?tabId=${tabId}`);
    return await page.evaluate(
      ([id, text]) =>
        new Promise((resolve, reject) => {
          const events = [];
          const port = globalThis.chrome.runtime.connect({ name: 'wb-agent' });
          const timer = globalThis.setTimeout(
            () => reject(new Error('agent-path bench: the task did not end in 120 s')),
            120_000,
          );
          port.onMessage.addListener((e) => {
            events.push(e);
            if (e.type === 'snapshot' && events.length === 1)
              port.postMessage({ type: 'start', tabId: id, task: text, mode: 'act' });
            if (e.type === 'task_ended') {
              globalThis.clearTimeout(timer);
              port.disconnect();
              resolve(events);
            }
          });
          port.postMessage({ type: 'subscribe', tabId: id });
        }),
      [tabId, task],
    );
  } finally {
    await page.close();
  }
}

/** The same calls through the registry inside the worker (what `wb.tool` and the console pay). */
/** The ref of the first tree line matching `pattern`, read through the worker. */
async function refOf(browser, tabId, pattern) {
  const reply = await browser.tool('get_accessibility_tree', { filter: 'interactive' }, { tabId });
  if (!reply.ok) throw new Error(`agent-path bench: tree read failed: ${reply.error.message}`);
  const line = String(reply.data.tree ?? '')
    .split('\n')
    .find((l) => pattern.test(l));
  const ref = /\[(ref_\d+)\]/.exec(line ?? '')?.[1];
  if (!ref) throw new Error(`agent-path bench: no tree line matches ${pattern}`);
  return ref;
}

async function direct(browser, tabId, call, runs) {
  return browser.worker.evaluate(
    async ([id, c, n]) => {
      const xs = [];
      for (let i = 0; i < n; i++) {
        const t0 = performance.now();
        const r = await globalThis.wb.tool(c.tool, c.args, { tabId: id, mode: 'act' });
        xs.push(performance.now() - t0);
        if (!r.ok) throw new Error(`${c.tool}: ${r.error.message}`);
      }
      return xs;
    },
    [tabId, call, runs],
  );
}

/**
 * Counts the extension API calls the worker makes (storage, webNavigation, tabs, scripting, DNR, runtime):
 * each is a round trip to the browser process, and unlike milliseconds their number does not move with
 * the machine's load. The functions are wrapped in place (code looks them up at each call); the bench
 * browser is closed afterwards. `take` returns the counts so far and starts again from zero.
 */
async function countBrowserCalls(browser) {
  await browser.worker.evaluate(() => {
    const counts = (globalThis.__wbBenchCalls = { n: {} });
    const { chrome } = globalThis;
    const areas = {
      'storage.session': chrome.storage.session,
      'storage.local': chrome.storage.local,
      webNavigation: chrome.webNavigation,
      tabs: chrome.tabs,
      scripting: chrome.scripting,
      declarativeNetRequest: chrome.declarativeNetRequest,
    };
    for (const [area, api] of Object.entries(areas)) {
      for (const name of Object.keys(api)) {
        const f = api[name];
        // Events (onX) and constants (TAB_ID_NONE) are not calls.
        if (typeof f !== 'function' || name.startsWith('on') || /^[A-Z]/.test(name)) continue;
        api[name] = function (...args) {
          counts.n[`${area}.${name}`] = (counts.n[`${area}.${name}`] ?? 0) + 1;
          return f.apply(this, args);
        };
      }
    }
  });
  return {
    take: () =>
      browser.worker.evaluate(() => {
        const now = globalThis.__wbBenchCalls.n;
        globalThis.__wbBenchCalls.n = {};
        return now;
      }),
  };
}

/**
 * `support` is what scripts/lib/support.mjs loads (it holds the fake providers and the script policy);
 * `url` a settled fixture page.
 */
export async function measureAgentPath({ browser, support, url, runs, median }) {
  const fake = await support.startFakeProviders();
  try {
    const tasks = Array.from({ length: runs }, (_, i) => `Benchmark the agent path, run ${i + 1}.`);
    const { tabId } = await browser.open(url);
    const calls = [...CALLS, { tool: ACTION.tool, args: { ref_id: await refOf(browser, tabId, ACTION.line) } }];
    const steps = calls.map((c) => support.step(c.tool, c.args));
    fake.scenario('agent-path', {
      apiKey: KEY,
      policy: support.scriptPolicy(new Map(tasks.map((t) => [t, { steps, final: () => 'Done.' }]))),
    });
    const settings = {
      provider: 'openai-compatible',
      model: 'gpt-4.1-mini',
      apiKey: KEY,
      baseURL: fake.baseURL('agent-path', 'openai'),
      planFirst: false,
      tier: 'full',
    };
    const set = await browser.worker.evaluate((s) => globalThis.wb.settings.set(s), settings);
    if (!set.ok) throw new Error(`agent-path bench: settings rejected: ${set.error.message}`);
    // Warm-up: page scripts injected and the tree snapshot built once, on both paths.
    for (const c of calls) await direct(browser, tabId, c, 1);
    const counter = await countBrowserCalls(browser);
    const events = [];
    for (const task of tasks) {
      const got = await runTask(browser, tabId, task);
      const ended = got.find((e) => e.type === 'task_ended');
      if (ended?.status !== 'done') throw new Error(`agent-path bench: a task ended ${ended?.status}: ${ended?.error}`);
      events.push(...got);
    }
    // Per task: its start and end, the three calls, the model's two steps and the panel's events.
    const perTask = Object.fromEntries(
      Object.entries(await counter.take())
        .sort((a, b) => b[1] - a[1])
        .map(([k, n]) => [k, round(n / runs, 1)]),
    );
    const out = { browserCallsPerTask: perTask };
    for (const c of calls) {
      const agent = events.filter((e) => e.type === 'tool_result' && e.tool === c.tool && e.ok).map((e) => e.ms);
      const worker = await direct(browser, tabId, c, runs);
      out[c.tool] = {
        calls: agent.length,
        agentMs: round(median(agent)),
        workerMs: round(median(worker)),
        overheadMs: round(median(agent) - median(worker)),
      };
    }
    return out;
  } finally {
    await fake.close();
  }
}

export function printAgentPath(agentPath) {
  console.log('\nagent path (tool_result.ms inside the loop vs wb.tool in the worker, medians):');
  const { browserCallsPerTask, ...tools } = agentPath;
  for (const [tool, r] of Object.entries(tools))
    console.log(
      `  ${tool.padEnd(24)} agent ${String(r.agentMs).padStart(7)} ms  worker ${String(r.workerMs).padStart(7)} ms  overhead ${String(r.overheadMs).padStart(7)} ms  (${r.calls} calls)`,
    );
  if (browserCallsPerTask) {
    const total = round(
      Object.values(browserCallsPerTask).reduce((a, b) => a + b, 0),
      1,
    );
    console.log(
      `  browser calls per task (${total}): ${Object.entries(browserCallsPerTask)
        .map(([k, n]) => `${k} ${n}`)
        .join(', ')}`,
    );
  }
}
