// The approval gate in real Chromium, driven by a fake model that does what a hostile page would
// make it do: side doors (keys, menus, composers, icon buttons, other languages), cross-origin
// navigation, execute_js, and trust that must not outlive its task. An e2e test answers an
// approval through the panel Port: wait for an `approval_request` event, then send
// `{type:'approval', tabId, approvalId, decision:'approve'|'deny', trustScope?:'task'|'hour'}`.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../shared/protocol/agent';
import { formPolicy, payInFrame, todoPolicy } from '../fake-providers/policies';
import { answer, call, callsThisTask, findRef, read, taskOf } from '../fake-providers/reading';
import { startFakeProviders, type FakeProviders } from '../fake-providers/server';
import type { FakePolicy } from '../fake-providers/turn';
import { configure, FAKE_KEY, fakeSettings, openPanelClient, runTodoTask, type PanelClient } from './agent-helpers';
import { useExtension } from './support/setup';

const env = useExtension({ partner: true });
let fake: FakeProviders;

const GIF = 'data:image/gif;base64,R0lGODlhAQABAAAAACw=';
const PAGES: Record<string, string> = {
  '/gate/shop.html': `<!doctype html><title>Shop</title>
    <p id="status">Nothing done</p>
    <button onclick="status.textContent='Bought'">Buy now</button>
    <button onclick="status.textContent='Gekauft'">Jetzt kaufen</button>
    <button onclick="status.textContent='Trashed'"><img alt="Delete" src="${GIF}"></button>
    <button onclick="status.textContent='Added'">Add todo</button>
    <button onclick="status.textContent='Archived'"><svg width="10" height="10"><title>Remove</title><rect width="10" height="10"/></svg></button>
    <span id="lbl">Unsubscribe</span><button aria-labelledby="lbl" onclick="status.textContent='Unsubscribed'">✉</button>
    <button aria-haspopup="menu" aria-controls="menu" onclick="menu.hidden=!menu.hidden">Actions</button>
    <ul role="menu" id="menu" hidden>
      <li role="menuitem" tabindex="-1" onclick="status.textContent='Renamed'">Rename</li>
      <li role="menuitem" tabindex="-1" onclick="status.textContent='Deleted everything'">Delete</li>
    </ul>
    <script>const status = document.getElementById('status'); const menu = document.getElementById('menu');</script>`,
  '/gate/pay.html': `<!doctype html><title>Checkout</title>
    <p id="status">Not paid</p>
    <form onsubmit="event.preventDefault(); document.getElementById('status').textContent='Paid'">
      <label>Card number <input name="cardnumber" autocomplete="cc-number" autofocus value="4242424242424242"></label>
      <button>Continue</button>
    </form>`,
  '/gate/chat.html': `<!doctype html><title>Chat</title>
    <ul id="sent"></ul>
    <textarea aria-label="Message"></textarea><button id="send">Send</button>
    <script>
      const box = document.querySelector('textarea');
      const send = () => { const li = document.createElement('li'); li.textContent = box.value; sent.append(li); box.value=''; };
      document.getElementById('send').onclick = send;
      box.addEventListener('keydown', (e) => { if (e.key === 'Enter' && !e.shiftKey) { e.preventDefault(); send(); } });
    </script>`,
};

beforeAll(async () => {
  fake = await startFakeProviders();
  for (const [path, html] of Object.entries(PAGES)) {
    env.server.route(path, (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(html);
    });
  }
});
afterAll(async () => {
  await fake?.close();
});

type Act = { name: string; args: Record<string, unknown> };

/** Reads once, then makes `times` the call `pick` chooses from the tree, then reports the last result. */
function actOn(pick: (tree: string) => Act | null, times = 1): FakePolicy {
  return (turn) => {
    const calls = callsThisTask(turn);
    const first = calls[0];
    if (!first) return read();
    const action = pick(first.result);
    if (!action) return answer('No target on this page.');
    const last = calls.at(-1);
    if (calls.length > times || /REFUSED BY THE USER/.test(last?.result ?? ''))
      return answer(`RESULT: ${(last?.result ?? '').slice(0, 400)}`);
    return call(action.name, action.args);
  };
}

/** No read: the call is given outright (an attacker's tool call). */
function direct(action: (task: string) => Act): FakePolicy {
  return (turn) => {
    const calls = callsThisTask(turn);
    if (calls.length === 0) return call(action(taskOf(turn)).name, action(taskOf(turn)).args);
    return answer(`RESULT: ${(calls.at(-1)?.result ?? '').slice(0, 400)}`);
  };
}

const ref = (role: RegExp, name: RegExp) => (tree: string) => findRef(tree, role, name)?.ref ?? null;

async function use(scenario: string, policy: FakePolicy): Promise<void> {
  fake.scenario(scenario, { apiKey: FAKE_KEY, policy });
  await configure(env.browser, fakeSettings('openai', fake.baseURL(scenario, 'openai')));
}

type Approval = Extract<AgentEvent, { type: 'approval_request' }>;
type Ended = Extract<AgentEvent, { type: 'task_ended' }>;

/** Starts a task and returns its first approval request, or its end when it asked nothing. */
async function start(
  panel: PanelClient,
  tabId: number,
  task: string,
  mode: 'act' | 'dev' = 'act',
): Promise<{ taskId: string; next: () => Promise<Approval | Ended> }> {
  const earlier = new Set((await panel.events()).flatMap((e) => (e.type === 'task_started' ? [e.taskId] : [])));
  await panel.send({ type: 'start', tabId, task, mode });
  const started = await panel.waitFor((e) => e.type === 'task_started' && !earlier.has(e.taskId));
  const taskId = started.type === 'task_started' ? started.taskId : '';
  const answered = new Set<string>();
  return {
    taskId,
    async next() {
      const e = await panel.waitFor(
        (x) =>
          (x.type === 'approval_request' && x.taskId === taskId && !answered.has(x.approvalId)) ||
          (x.type === 'task_ended' && x.taskId === taskId),
      );
      if (e.type === 'approval_request') {
        answered.add(e.approvalId);
        return e;
      }
      if (e.type === 'task_ended') return e;
      throw new Error('unreachable');
    },
  };
}

async function answerIt(panel: PanelClient, tabId: number, a: Approval, decision: 'approve' | 'deny', trust?: 'task') {
  await panel.send({
    type: 'approval',
    tabId,
    approvalId: a.approvalId,
    decision,
    ...(trust ? { trustScope: trust } : {}),
  });
}

function asApproval(e: Approval | Ended): Approval {
  if (e.type !== 'approval_request') throw new Error(`expected an approval request, got ${JSON.stringify(e)}`);
  return e;
}

async function session(path: string) {
  const { page, tabId } = await env.browser.open(env.server.url(path));
  const panel = await openPanelClient(env.browser, tabId);
  await panel.waitFor((e) => e.type === 'snapshot');
  return { page, tabId, panel };
}

describe('the approval gate judges what is really activated', () => {
  it('press_key Enter on "Buy now" asks; denial leaves the page unchanged; approval proceeds', async () => {
    const { page, tabId, panel } = await session('/gate/shop.html');
    await use(
      'key-buy',
      actOn((t) => ({ name: 'press_key', args: { key: 'Enter', ref_id: ref(/^button$/, /^Buy now$/)(t) } })),
    );
    const t1 = await start(panel, tabId, 'Press Enter on Buy now.');
    const ask = asApproval(await t1.next());
    expect(ask).toMatchObject({ tool: 'press_key', site: env.server.origin, kind: 'click', trustable: true });
    expect(ask.description).toBe('Press Enter on button "Buy now"');
    await answerIt(panel, tabId, ask, 'deny');
    expect(await t1.next()).toMatchObject({ type: 'task_ended', status: 'done' });
    expect(await page.locator('#status').textContent()).toBe('Nothing done');

    const t2 = await start(panel, tabId, 'Press Enter on Buy now.');
    await answerIt(panel, tabId, asApproval(await t2.next()), 'approve');
    expect(await t2.next()).toMatchObject({ type: 'task_ended', status: 'done' });
    expect(await page.locator('#status').textContent()).toBe('Bought');
    await panel.close();
    await page.close();
  });

  it('press_key Enter with no ref in a payment form asks (the focused card field submits it)', async () => {
    const { page, tabId, panel } = await session('/gate/pay.html');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('cardnumber');
    await use(
      'key-pay',
      direct(() => ({ name: 'press_key', args: { key: 'Enter' } })),
    );
    const t = await start(panel, tabId, 'Press Enter.');
    const ask = asApproval(await t.next());
    expect(ask).toMatchObject({ tool: 'press_key', kind: 'submit', site: env.server.origin });
    expect(ask.description).toBe('Submit a form with payment fields by pressing Enter on textbox "Card number"');
    await answerIt(panel, tabId, ask, 'deny');
    await t.next();
    expect(await page.locator('#status').textContent()).toBe('Not paid');
    await panel.close();
    await page.close();
  });

  it('select_option of a "Delete" menuitem asks', async () => {
    const { page, tabId, panel } = await session('/gate/shop.html');
    await use(
      'menu-delete',
      actOn((t) => ({ name: 'select_option', args: { ref_id: ref(/^button$/, /^Actions$/)(t), label: 'Delete' } })),
    );
    const t = await start(panel, tabId, 'Delete via the menu.');
    const ask = asApproval(await t.next());
    expect(ask).toMatchObject({ tool: 'select_option', kind: 'choose', description: 'Choose menuitem "Delete"' });
    await answerIt(panel, tabId, ask, 'deny');
    await t.next();
    expect(await page.locator('#status').textContent()).toBe('Nothing done');
    await panel.close();
    await page.close();
  });

  it('focus_type submit:true in a message composer asks (sending)', async () => {
    const { page, tabId, panel } = await session('/gate/chat.html');
    await use(
      'composer',
      actOn((t) => ({
        name: 'focus_type',
        args: { ref_id: ref(/^textbox$/, /^Message$/)(t), text: 'secret', submit: true },
      })),
    );
    const t = await start(panel, tabId, 'Send a message.');
    const ask = asApproval(await t.next());
    expect(ask).toMatchObject({ tool: 'focus_type', kind: 'send' });
    expect(ask.description).toMatch(/^Send what is typed in textbox "Message"/);
    await answerIt(panel, tabId, ask, 'deny');
    await t.next();
    expect(await page.locator('#sent li').count()).toBe(0);
    await panel.close();
    await page.close();
  });

  it('an icon button named only by <img alt="Delete"> asks, and so does German "Jetzt kaufen"; "Add todo" does not', async () => {
    const { page, tabId, panel } = await session('/gate/shop.html');
    await use(
      'icon',
      actOn((t) => ({ name: 'click_ax', args: { ref_id: ref(/^button$/, /^Delete$/)(t) } })),
    );
    const t1 = await start(panel, tabId, 'Click the trash icon.');
    const ask1 = asApproval(await t1.next());
    expect(ask1.description).toBe('Click button "Delete"');
    await answerIt(panel, tabId, ask1, 'deny');
    await t1.next();
    // Named by SVG <title> and by aria-labelledby: the tree's accname, so the gate sees the same names.
    for (const name of ['Remove', 'Unsubscribe']) {
      await use(
        `icon-${name}`,
        actOn((t) => ({ name: 'click_ax', args: { ref_id: ref(/^button$/, new RegExp(`^${name}$`))(t) } })),
      );
      const ti = await start(panel, tabId, `Click ${name}.`);
      const a = asApproval(await ti.next());
      expect(a.description).toBe(`Click button "${name}"`);
      await answerIt(panel, tabId, a, 'deny');
      await ti.next();
    }
    await use(
      'kaufen',
      actOn((t) => ({ name: 'click_ax', args: { ref_id: ref(/^button$/, /^Jetzt kaufen$/)(t) } })),
    );
    const t2 = await start(panel, tabId, 'Kaufen.');
    const ask2 = asApproval(await t2.next());
    expect(ask2.description).toBe('Click button "Jetzt kaufen"');
    await answerIt(panel, tabId, ask2, 'deny');
    await t2.next();
    expect(await page.locator('#status').textContent()).toBe('Nothing done');
    await use(
      'add',
      actOn((t) => ({ name: 'click_ax', args: { ref_id: ref(/^button$/, /^Add todo$/)(t) } })),
    );
    const t3 = await start(panel, tabId, 'Add a todo.');
    expect(await t3.next()).toMatchObject({ type: 'task_ended', status: 'done' });
    expect(await page.locator('#status').textContent()).toBe('Added');
    await panel.close();
    await page.close();
  });

  it('trust given in one task covers that task only', async () => {
    const { page, tabId, panel } = await session('/gate/shop.html');
    await use(
      'trust',
      actOn((t) => ({ name: 'click_ax', args: { ref_id: ref(/^button$/, /^Jetzt kaufen$/)(t) } }), 2),
    );
    const t1 = await start(panel, tabId, 'Buy twice.');
    await answerIt(panel, tabId, asApproval(await t1.next()), 'approve', 'task');
    // The second click of the same kind on the same origin, same task: no question.
    expect(await t1.next()).toMatchObject({ type: 'task_ended', status: 'done' });
    expect(await page.locator('#status').textContent()).toBe('Gekauft');
    const t2 = await start(panel, tabId, 'Buy twice.');
    const again = asApproval(await t2.next());
    expect(again.description).toBe('Click button "Jetzt kaufen"');
    await answerIt(panel, tabId, again, 'deny');
    await t2.next();
    await panel.close();
    await page.close();
  });
});

describe('trust scope', () => {
  it("names the element's frame origin, not the top tab's, for a click in a cross-origin frame", async () => {
    env.server.route('/gate/framed.html', (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(
        `<!doctype html><title>Framed</title><iframe src="${env.partner.url('/agent-pay-inner.html')}" width="400" height="200"></iframe>`,
      );
    });
    const { page, tabId, panel } = await session('/gate/framed.html');
    await page.frameLocator('iframe').locator('#pay').waitFor();
    await use('frame-site', payInFrame);
    const t = await start(panel, tabId, 'Pay the bill.');
    // Reading the frame of another site asks first (background/policy/read-gate.ts); the user lets it.
    const read = asApproval(await t.next());
    expect(read).toMatchObject({ site: env.partner.origin, kind: 'other' });
    expect(read.description).toMatch(/^Read the embedded frame from 127\.0\.0\.2:\d+\?/);
    await answerIt(panel, tabId, read, 'approve');
    const ask = asApproval(await t.next());
    expect(ask).toMatchObject({ site: env.partner.origin, description: 'Click button "Pay $9.00"', kind: 'click' });
    await answerIt(panel, tabId, ask, 'deny');
    await t.next();
    expect(await page.frameLocator('iframe').locator('#status').textContent()).toBe('Waiting for payment');
    await panel.close();
    await page.close();
  });
});

describe('origin policy', () => {
  it('cross-origin navigate asks and shows the whole URL; denial stays; same-origin is free', async () => {
    const { page, tabId, panel } = await session('/gate/shop.html');
    const target = `${env.partner.url('/gate-leak')}?d=${'secret'.repeat(3)}`;
    await use(
      'nav-x',
      direct((task) => ({ name: 'navigate', args: { url: /https?:\S+/.exec(task)?.[0] ?? '' } })),
    );
    const before = env.partner.requests.length;
    const t = await start(panel, tabId, `Open ${target}`);
    const ask = asApproval(await t.next());
    expect(ask).toMatchObject({ tool: 'navigate', kind: 'navigate', site: env.partner.origin });
    expect(ask.description).toContain(target);
    expect(ask.description).toMatch(/private-network/);
    await answerIt(panel, tabId, ask, 'deny');
    expect(await t.next()).toMatchObject({ type: 'task_ended' });
    expect(page.url()).toBe(env.server.url('/gate/shop.html'));
    expect(env.partner.requests.slice(before)).toHaveLength(0);

    const same = env.server.url('/gate/pay.html');
    const t2 = await start(panel, tabId, `Open ${same}`);
    expect(await t2.next()).toMatchObject({ type: 'task_ended', status: 'done' });
    expect(page.url()).toBe(same);
    await panel.close();
    await page.close();
  });
});

describe('page activations that load another origin', () => {
  it('a link to another origin asks first with the whole URL; deny stays, approve follows; same-site links are free', async () => {
    const leak = `${env.partner.url('/gate-link-leak')}?d=${'secret'.repeat(3)}`;
    env.server.route('/gate/links.html', (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(`<!doctype html><title>Links</title>
        <a href="${leak}">Continue reading</a> <a href="/gate/pay.html">About us</a>`);
    });
    const { page, tabId, panel } = await session('/gate/links.html');
    await use(
      'link-x',
      actOn((t) => ({ name: 'click_ax', args: { ref_id: ref(/^link$/, /Continue reading/)(t) } })),
    );
    const before = env.partner.requests.length;
    const t = await start(panel, tabId, 'Continue reading.');
    const ask = asApproval(await t.next());
    expect(ask).toMatchObject({ tool: 'click_ax', kind: 'navigate', site: env.partner.origin });
    expect(ask.description).toContain(leak);
    await answerIt(panel, tabId, ask, 'deny');
    expect(await t.next()).toMatchObject({ type: 'task_ended' });
    expect(page.url()).toBe(env.server.url('/gate/links.html'));
    expect(env.partner.requests.slice(before)).toHaveLength(0);

    const t2 = await start(panel, tabId, 'Continue reading.');
    await answerIt(panel, tabId, asApproval(await t2.next()), 'approve');
    expect(await t2.next()).toMatchObject({ type: 'task_ended', status: 'done' });
    await expect.poll(() => env.partner.requests.slice(before).length).toBeGreaterThan(0);

    await page.goto(env.server.url('/gate/links.html'));
    await use(
      'link-same',
      actOn((t) => ({ name: 'click_ax', args: { ref_id: ref(/^link$/, /About us/)(t) } })),
    );
    const t3 = await start(panel, tabId, 'Read about us.');
    expect(await t3.next()).toMatchObject({ type: 'task_ended', status: 'done' });
    await expect.poll(() => page.url()).toBe(env.server.url('/gate/pay.html'));
    await panel.close();
    await page.close();
  });
});

describe('execute_js', () => {
  it('asks per call with the code and origin, and runs only in the approved document', async () => {
    const { page, tabId, panel } = await session('/csp-no-eval.html');
    await use(
      'js',
      direct(() => ({ name: 'execute_js', args: { code: 'window.__ranHere = location.pathname' } })),
    );
    const t = await start(panel, tabId, 'Run code.', 'dev');
    const ask = asApproval(await t.next());
    expect(ask).toMatchObject({ tool: 'execute_js', kind: 'execute_js', trustable: false, site: env.server.origin });
    expect(ask.description).toContain('window.__ranHere = location.pathname');
    // The page navigates while the user reads the prompt: the approval no longer applies.
    await page.goto(env.server.url('/basic.html'));
    await answerIt(panel, tabId, ask, 'approve');
    const ended = await t.next();
    expect(ended).toMatchObject({ type: 'task_ended' });
    expect(ended.type === 'task_ended' && ended.answer).toMatch(
      /document_changed: the page navigated after the user approved/,
    );
    expect(await page.evaluate(() => Reflect.get(window, '__ranHere') ?? null)).toBeNull();

    // Approved on a page whose CSP forbids eval: the CDP fallback runs in the pinned document.
    await page.goto(env.server.url('/csp-no-eval.html'));
    await use(
      'js2',
      direct(() => ({ name: 'execute_js', args: { code: 'document.title' } })),
    );
    const t2 = await start(panel, tabId, 'Run code.', 'dev');
    await answerIt(panel, tabId, asApproval(await t2.next()), 'approve');
    const ran = await t2.next();
    expect(ran.type === 'task_ended' && ran.answer).toMatch(/"value":\s*"Strict CSP"[\s\S]*"via":\s*"cdp"/);
    await panel.close();
    await page.close();
  });
});

describe('benign tasks ask nothing', () => {
  it('TodoMVC and the contact form run with zero approvals', async () => {
    await use('todo', todoPolicy);
    const todo = await runTodoTask(env.browser, env.server.url('/agent-todo.html'));
    const todoAsks = todo.events.filter((e) => e.type === 'approval_request').length;
    await todo.panel.close();
    await todo.page.close();
    env.server.route('/api/contact', (_req, res, body) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ ticket: 'T-1', echo: JSON.parse(body) }));
    });
    await use('form', formPolicy);
    const { page, tabId, panel } = await session('/agent-contact.html');
    const t = await start(
      panel,
      tabId,
      'Fill in the contact form with name "Ada Lovelace", email "ada@example.com", topic "Billing" and message "Invoice 7 is missing", then submit it.',
    );
    const ended = await t.next();
    expect(ended).toMatchObject({ type: 'task_ended', status: 'done' });
    const formAsks = (await panel.events()).filter((e) => e.type === 'approval_request').length;
    console.log(`approvals asked on benign tasks: TodoMVC ${todoAsks}, contact form ${formAsks}`);
    expect(todoAsks).toBe(0);
    expect(formAsks).toBe(0);
    await panel.close();
    await page.close();
  });
});
