/**
 * The two functions Weaverbird runs in a page's MAIN world to reach the tools the page publishes to
 * agents (WebMCP, https://webmachinelearning.github.io/webmcp/): `discoverInPage` lists them,
 * `callInPage` runs one. They are serialized by chrome.scripting.executeScript (no closures, no
 * imports: each stays one function with inner helpers). The MAIN world is the page's own: the page
 * can replace anything these functions touch, so everything they return is untrusted data that
 * background/webmcp/site-tools.ts validates with zod and caps.
 *
 * Sources, in order (a name seen twice keeps its first entry, except that a `<form toolname>` always
 * wins: it is gated as the form submit it is):
 * - `navigator.modelContextTesting` (Chromium's testing API, `--enable-features=WebMCPTesting`):
 *   `listTools()` / `executeTool(name, json)`;
 * - `document.modelContext` (the current draft) and `navigator.modelContext` (earlier drafts, the
 *   MCP-B polyfill): `getTools()` or `listTools()`, and `executeTool(name, json)` or the tool's own
 *   `execute(input, client)`;
 * - declarative tools: `<form toolname tooldescription>`, its named fields as a JSON Schema.
 */

interface PageToolEntry {
  name: string;
  title?: string;
  description: string;
  /** The inputSchema as JSON text (capped by the caller's limit). */
  schema: string;
  annotations: Record<string, boolean>;
  source: 'testing' | 'document' | 'navigator' | 'form';
  form?: { action: string; method: string; sensitive: boolean; submitter: string };
}

export interface PageDiscovery {
  apis: string[];
  native: boolean;
  tools: PageToolEntry[];
}

export async function discoverInPage(maxTools: number, maxChars: number): Promise<PageDiscovery> {
  const str = (v: unknown, cap: number): string => (typeof v === 'string' ? v.slice(0, cap) : '');
  const json = (v: unknown): string => {
    try {
      return (typeof v === 'string' ? v : (JSON.stringify(v) ?? '')).slice(0, maxChars);
    } catch {
      return '';
    }
  };
  const flags = (a: unknown): Record<string, boolean> => {
    const out: Record<string, boolean> = {};
    if (a && typeof a === 'object')
      for (const k of [
        'readOnlyHint',
        'destructiveHint',
        'consequentialHint',
        'untrustedContentHint',
        'idempotentHint',
      ])
        if (typeof (a as Record<string, unknown>)[k] === 'boolean') out[k] = (a as Record<string, boolean>)[k] === true;
    return out;
  };
  const apis: string[] = [];
  let native = false;
  const tools: PageToolEntry[] = [];
  const add = (t: unknown, source: PageToolEntry['source']) => {
    if (!t || typeof t !== 'object' || tools.length >= maxTools) return;
    const r = t as Record<string, unknown>;
    const name = str(r.name, 100);
    if (!name || tools.some((x) => x.name === name)) return;
    const title = str(r.title, 200) || str((r.annotations as Record<string, unknown> | undefined)?.title, 200);
    tools.push({
      name,
      ...(title ? { title } : {}),
      description: str(r.description, 2000),
      schema: json(r.inputSchema ?? {}),
      annotations: flags(r.annotations),
      source,
    });
  };
  const list = async (o: unknown, source: PageToolEntry['source']) => {
    if (!o || typeof o !== 'object') return;
    const api = o as Record<string, unknown>;
    const fn = api.listTools ?? api.getTools;
    if (typeof fn !== 'function') return;
    apis.push(source);
    if (/\[native code\]/.test(Function.prototype.toString.call(fn))) native = true;
    try {
      const got: unknown = await Promise.race([fn.call(o), new Promise((r) => setTimeout(() => r([]), 1500))]);
      if (Array.isArray(got)) for (const t of got.slice(0, maxTools)) add(t, source);
    } catch {
      // A page whose API throws lists nothing from it.
    }
  };
  const nav = navigator as unknown as Record<string, unknown>;
  const doc = document as unknown as Record<string, unknown>;
  await list(nav.modelContextTesting, 'testing');
  await list(doc.modelContext, 'document');
  if (nav.modelContext !== doc.modelContext) await list(nav.modelContext, 'navigator');
  for (const form of Array.from(document.querySelectorAll('form[toolname]')).slice(0, maxTools)) {
    if (!(form instanceof HTMLFormElement)) continue;
    const name = str(form.getAttribute('toolname'), 100);
    if (!name) continue;
    const props: Record<string, unknown> = {};
    const required: string[] = [];
    for (const el of Array.from(form.elements)) {
      if (!(el instanceof HTMLInputElement || el instanceof HTMLSelectElement || el instanceof HTMLTextAreaElement))
        continue;
      if (!el.name || ['submit', 'button', 'reset', 'image', 'hidden', 'file'].includes(el.type)) continue;
      const type =
        el.type === 'number' || el.type === 'range' ? 'number' : el.type === 'checkbox' ? 'boolean' : 'string';
      const about = el.getAttribute('toolparamdescription') ?? el.labels?.[0]?.textContent ?? '';
      const p: Record<string, unknown> = { type, ...(about.trim() ? { description: about.trim().slice(0, 200) } : {}) };
      if (el instanceof HTMLSelectElement)
        p.enum = Array.from(el.options)
          .map((o) => o.value)
          .slice(0, 50);
      props[el.name] = p;
      if (el.required) required.push(el.name);
    }
    const i = tools.findIndex((t) => t.name === name);
    if (i >= 0) tools.splice(i, 1);
    const submitter = form.querySelector('button[type=submit], button:not([type]), input[type=submit]');
    tools.push({
      name,
      description: str(form.getAttribute('tooldescription'), 2000),
      schema: json({ type: 'object', properties: props, required, additionalProperties: false }),
      annotations: {},
      source: 'form',
      form: {
        action: form.action,
        method: (form.method || 'get').toLowerCase(),
        sensitive: form.querySelector('input[type=password], input[autocomplete^="cc-"]') !== null,
        submitter: str(submitter?.textContent?.trim() || submitter?.getAttribute('value'), 100),
      },
    });
  }
  return { apis, native, tools: tools.slice(0, maxTools) };
}

export interface PageCallOutcome {
  ok: boolean;
  text: string;
  /** The annotations the tool had when it was called (the gate judged the ones listed before). */
  readOnly: boolean;
  /** The page fired `toolchange` during the call (its tools changed: the worker lists them again). */
  changed?: boolean;
}

export async function callInPage(
  name: string,
  argsJson: string,
  needReadOnly: boolean,
  timeoutMs: number,
  maxChars: number,
  formAction: string | null,
): Promise<PageCallOutcome> {
  const fail = (text: string, readOnly = false): PageCallOutcome => ({ ok: false, text: text.slice(0, 500), readOnly });
  const render = (v: unknown): string => {
    if (typeof v === 'string') return v.slice(0, maxChars);
    const content = v && typeof v === 'object' ? (v as Record<string, unknown>).content : undefined;
    if (Array.isArray(content)) {
      const texts = content.map((c) =>
        c && typeof c === 'object' && typeof c.text === 'string' ? c.text : JSON.stringify(c),
      );
      return texts.join('\n').slice(0, maxChars);
    }
    try {
      return (JSON.stringify(v) ?? String(v)).slice(0, maxChars);
    } catch {
      return String(v).slice(0, maxChars);
    }
  };
  const args: unknown = JSON.parse(argsJson);
  const form = Array.from(document.querySelectorAll('form[toolname]')).find((f) => f.getAttribute('toolname') === name);
  if (form instanceof HTMLFormElement) {
    if (needReadOnly) return fail('a form tool submits a form: not read-only');
    // The gate judged the action it listed; a form that now submits elsewhere is not that call.
    if (form.action !== formAction) return fail(`the form now submits to ${form.action}, not the address judged`);
    const values = args && typeof args === 'object' ? (args as Record<string, unknown>) : {};
    for (const [k, v] of Object.entries(values)) {
      const el = form.elements.namedItem(k);
      if (el instanceof HTMLInputElement && el.type === 'checkbox') el.checked = v === true;
      else if (el instanceof HTMLInputElement || el instanceof HTMLSelectElement || el instanceof HTMLTextAreaElement)
        el.value = String(v);
      else continue;
      el.dispatchEvent(new Event('input', { bubbles: true }));
      el.dispatchEvent(new Event('change', { bubbles: true }));
    }
    // Submitted after this function returns: the navigation it starts would discard the reply.
    setTimeout(() => form.requestSubmit(), 0);
    return { ok: true, text: `form submitted to ${form.action}`, readOnly: false };
  }
  const nav = navigator as unknown as Record<string, unknown>;
  const doc = document as unknown as Record<string, unknown>;
  const find = async (o: unknown): Promise<{ api: Record<string, unknown>; tool: Record<string, unknown> } | null> => {
    if (!o || typeof o !== 'object') return null;
    const api = o as Record<string, unknown>;
    const fn = api.listTools ?? api.getTools;
    if (typeof fn !== 'function') return null;
    const got: unknown = await fn.call(o);
    const tool = Array.isArray(got) ? got.find((t) => t && typeof t === 'object' && t.name === name) : undefined;
    return tool ? { api, tool } : null;
  };
  const hit = (await find(nav.modelContextTesting)) ?? (await find(doc.modelContext)) ?? (await find(nav.modelContext));
  if (!hit) return fail(`the page has no tool named ${name} now`);
  const ann = hit.tool.annotations;
  const readOnly = !!ann && typeof ann === 'object' && (ann as Record<string, unknown>).readOnlyHint === true;
  if (needReadOnly && !readOnly) return fail(`${name} is no longer marked read-only by the page`);
  const run = async (): Promise<unknown> => {
    // The testing API takes the tool's name and JSON text; document.modelContext takes the
    // RegisteredTool getTools() returned, with the input as an object in Chromium 156's own API and
    // as JSON text in the MCP-B polyfill.
    const exec = hit.api.executeTool;
    if (typeof exec === 'function') {
      if (hit.api === nav.modelContextTesting) return exec.call(hit.api, name, argsJson);
      const nativeExec = /\[native code\]/.test(Function.prototype.toString.call(exec));
      return exec.call(hit.api, hit.tool, nativeExec ? args : argsJson);
    }
    if (typeof hit.tool.execute === 'function')
      return hit.tool.execute.call(hit.tool, args, { requestUserInteraction: async (cb: () => unknown) => cb() });
    throw new Error('the tool has no way to run it');
  };
  // `toolchange` (WebMCP draft: fired at the ModelContext when its tools change; MCP-B-style polyfills
  // fire it at the document): a tool that registers or removes tools makes the worker list them again.
  let changed = false;
  const onChange = () => (changed = true);
  const targets = [doc.modelContext, nav.modelContext, document].filter(
    (t, i, all): t is EventTarget =>
      !!t && typeof (t as EventTarget).addEventListener === 'function' && all.indexOf(t) === i,
  );
  for (const t of targets) t.addEventListener('toolchange', onChange);
  try {
    const value = await Promise.race([
      run(),
      new Promise((_, reject) => setTimeout(() => reject(new Error(`no answer in ${timeoutMs} ms`)), timeoutMs)),
    ]);
    // The draft queues the event as a task after registerTool: give it one short turn to arrive.
    if (!changed) await new Promise((r) => setTimeout(r, 100));
    return { ok: true, text: render(value), readOnly, changed };
  } catch (e) {
    return { ...fail(e instanceof Error ? e.message : String(e), readOnly), changed };
  } finally {
    for (const t of targets) t.removeEventListener('toolchange', onChange);
  }
}
