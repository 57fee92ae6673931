/**
 * Evaluating developer code in a page's main world for `execute_js`.
 *
 * The extension itself may not eval (MV3 CSP), so the code is handed to a function injected with
 * chrome.scripting.executeScript({world:'MAIN'}), which evaluates it with the page's own indirect
 * eval: the page's CSP then decides. When the page forbids eval ('unsafe-eval' missing, or Trusted
 * Types enforced), the main frame falls back to CDP Runtime.evaluate, which CSP does not govern.
 */
import { z } from 'zod';
import { err, errorMessage, ok, type Result } from '../../shared/result';
import { on, withSession, type send as cdpSend } from './cdp-client';
import { sleep, withTimeout } from '../../shared/timeout';
import { HAS_CDP } from '../../shared/browser-target';

export interface EvalOutcome {
  ok: boolean;
  /** JSON text of the value (already size-capped), or the error description. */
  json?: string;
  type?: string;
  truncated?: boolean;
  error?: { name: string; message: string; stack?: string };
  timedOut?: boolean;
  cspBlocked?: boolean;
  /** The frame no longer shows the approved origin (Firefox, which has no document ids): nothing ran. */
  documentChanged?: boolean;
}

const OutcomeSchema = z.object({
  ok: z.boolean(),
  json: z.string().optional(),
  type: z.string().optional(),
  truncated: z.boolean().optional(),
  error: z.object({ name: z.string(), message: z.string(), stack: z.string().optional() }).optional(),
  timedOut: z.boolean().optional(),
  cspBlocked: z.boolean().optional(),
  documentChanged: z.boolean().optional(),
});

/**
 * Runs in the page (serialized by Chrome: no closures, no imports). Also used verbatim as the CDP
 * fallback's serializer, so both paths return the same shape. It stays one long function on
 * purpose: `executeScript` sends only this function's source, so helpers at module level would be
 * missing in the page; its parts (serialize, describe, failure) are inner functions instead.
 */
function pageEvaluate(
  code: string,
  maxChars: number,
  timeoutMs: number,
  viaCdpValue?: { value: unknown } | null,
  expectOrigin?: string | null,
): Promise<EvalOutcome> | EvalOutcome {
  const serialize = (value: unknown): EvalOutcome => {
    const seen = new WeakSet<object>();
    let nodes = 0;
    const describe = (v: unknown, depth: number): unknown => {
      if (++nodes > 5000) return '[…]';
      if (v === undefined) return '[undefined]';
      if (v === null || typeof v === 'boolean' || typeof v === 'string') return v;
      if (typeof v === 'number') return Number.isFinite(v) ? v : String(v);
      if (typeof v === 'bigint') return `${v.toString()}n`;
      if (typeof v === 'symbol') return v.toString();
      if (typeof v === 'function') return `[function ${v.name || 'anonymous'}]`;
      if (typeof v !== 'object') return String(v);
      if (typeof Node !== 'undefined' && v instanceof Node) {
        if (v instanceof Element) {
          const id = v.id ? `#${v.id}` : '';
          const cls =
            typeof v.className === 'string' && v.className.trim()
              ? `.${v.className.trim().split(/\s+/).slice(0, 2).join('.')}`
              : '';
          return `[element <${v.localName}${id}${cls}>]`;
        }
        return `[${v.nodeName}]`;
      }
      if (seen.has(v)) return '[circular]';
      seen.add(v);
      if (depth > 6) return Array.isArray(v) ? `[array(${v.length})]` : '[object]';
      if (v instanceof Error) return { name: v.name, message: v.message };
      if (v instanceof Date) return v.toISOString();
      if (v instanceof RegExp) return v.toString();
      if (v instanceof Map)
        return {
          '[Map]': Array.from(v.entries())
            .slice(0, 200)
            .map(([k, x]) => [describe(k, depth + 1), describe(x, depth + 1)]),
        };
      if (v instanceof Set)
        return {
          '[Set]': Array.from(v.values())
            .slice(0, 200)
            .map((x) => describe(x, depth + 1)),
        };
      if (Array.isArray(v)) return v.slice(0, 500).map((x) => describe(x, depth + 1));
      if (typeof NodeList !== 'undefined' && (v instanceof NodeList || v instanceof HTMLCollection))
        return Array.from(v)
          .slice(0, 200)
          .map((x) => describe(x, depth + 1));
      const out: Record<string, unknown> = {};
      let keys = 0;
      for (const k of Object.keys(v)) {
        if (++keys > 200) {
          out['…'] = 'more keys';
          break;
        }
        try {
          out[k] = describe(Reflect.get(v, k), depth + 1);
        } catch (e) {
          out[k] = `[threw: ${e instanceof Error ? e.message : String(e)}]`;
        }
      }
      return out;
    };
    const type = value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;
    let json = JSON.stringify(describe(value, 0)) ?? 'null';
    const truncated = json.length > maxChars;
    if (truncated) json = json.slice(0, maxChars);
    return { ok: true, json, type, truncated };
  };
  const failure = (e: unknown): EvalOutcome => {
    const error =
      e instanceof Error
        ? {
            name: e.name,
            message: e.message,
            ...(e.stack ? { stack: e.stack.split('\n').slice(0, 6).join('\n') } : {}),
          }
        : { name: 'thrown value', message: String(e) };
    return { ok: false, error };
  };
  if (viaCdpValue) return serialize(viaCdpValue.value);
  // Firefox pins by origin, checked here, in the page, at the moment the code would run.
  if (expectOrigin && location.origin !== expectOrigin) return { ok: false, documentChanged: true };
  let result: unknown;
  try {
    // Indirect eval: global scope, page CSP applies. The completion value of the last statement is the result.
    result = (0, eval)(code);
  } catch (e) {
    const blocked =
      e instanceof EvalError ||
      (e instanceof Error && /unsafe-eval|Content Security Policy|TrustedScript/i.test(e.message));
    return blocked
      ? {
          ok: false,
          cspBlocked: true,
          error: { name: e instanceof Error ? e.name : 'Error', message: e instanceof Error ? e.message : String(e) },
        }
      : failure(e);
  }
  if (result !== null && typeof result === 'object' && 'then' in result && typeof result.then === 'function') {
    const thenable = result;
    return new Promise<EvalOutcome>((resolve) => {
      const timer = setTimeout(
        () =>
          resolve({
            ok: false,
            timedOut: true,
            error: { name: 'Timeout', message: `the promise did not settle within ${timeoutMs} ms` },
          }),
        timeoutMs,
      );
      Promise.resolve(thenable).then(
        (v) => {
          clearTimeout(timer);
          resolve(serialize(v));
        },
        (e: unknown) => {
          clearTimeout(timer);
          resolve(failure(e));
        },
      );
    });
  }
  return serialize(result);
}

export interface EvalRequest {
  tabId: number;
  frameId: number;
  /**
   * The document the user approved (chrome.webNavigation documentId). Both paths run only there:
   * executeScript targets it by id, the CDP fallback by the unique id of its execution context.
   */
  documentId?: string;
  /** Where there are no document ids (Firefox): the approved origin, checked in the page before running. */
  expectOrigin?: string;
  code: string;
  maxChars: number;
  timeoutMs: number;
}

async function viaScripting(req: EvalRequest): Promise<Result<EvalOutcome>> {
  // A page that never yields (a busy loop) would hold executeScript forever: the call gets a deadline.
  // withTimeout reads a rejection as a timeout, so the rejection is made a value first.
  const deadline = req.timeoutMs + 5_000;
  const settled = await withTimeout(
    chrome.scripting
      .executeScript({
        target: req.documentId
          ? { tabId: req.tabId, documentIds: [req.documentId] }
          : { tabId: req.tabId, frameIds: [req.frameId] },
        world: 'MAIN',
        func: pageEvaluate,
        args: req.expectOrigin
          ? [req.code, req.maxChars, req.timeoutMs, null, req.expectOrigin]
          : [req.code, req.maxChars, req.timeoutMs],
      })
      .then(
        (results) => ({ results }),
        (e: unknown) => ({ failed: errorMessage(e) }),
      ),
    deadline,
    () => null,
  );
  if (!settled)
    return err('js_timeout', `the page did not answer within ${deadline} ms (busy or frozen); nothing more is known`);
  if ('failed' in settled) return err('page_not_scriptable', `cannot run code in this page: ${settled.failed}`);
  const outcome = OutcomeSchema.safeParse(settled.results[0]?.result);
  if (!outcome.success)
    return err('eval_failed', 'the page returned no result (the frame may have navigated during evaluation)');
  return ok(outcome.data);
}

const RuntimeReplySchema = z.object({
  result: z.object({
    type: z.string(),
    value: z.unknown().optional(),
    description: z.string().optional(),
    unserializableValue: z.string().optional(),
  }),
  exceptionDetails: z
    .object({
      text: z.string(),
      exception: z.object({ description: z.string().optional(), className: z.string().optional() }).optional(),
    })
    .optional(),
});

const ContextEventSchema = z.object({
  context: z.object({
    uniqueId: z.string(),
    auxData: z.object({ frameId: z.string(), isDefault: z.boolean() }).partial().optional(),
  }),
});
const FrameTreeSchema = z.object({ frameTree: z.object({ frame: z.object({ id: z.string() }) }) });

async function currentDocumentId(tabId: number, frameId: number): Promise<string | undefined> {
  try {
    return (await chrome.webNavigation.getFrame({ tabId, frameId }))?.documentId;
  } catch {
    return undefined;
  }
}

/**
 * The unique id of the main world of the approved document. Runtime.enable replays the existing
 * contexts as executionContextCreated events; the document is checked against the pinned id only
 * after the context is known, so a navigation in between is caught here, and one after it destroys
 * the context, which makes Runtime.evaluate fail instead of running in the new document.
 */
async function pinnedContext(tabId: number, documentId: string, send: typeof cdpSend): Promise<Result<string>> {
  const seen: { uniqueId: string; frameId?: string; isDefault?: boolean }[] = [];
  const off = on(tabId, 'Runtime.executionContextCreated', (params) => {
    const p = ContextEventSchema.safeParse(params);
    if (p.success) seen.push({ uniqueId: p.data.context.uniqueId, ...p.data.context.auxData });
  });
  try {
    const frameTree = await send(tabId, 'Page.getFrameTree');
    const main = frameTree.ok ? FrameTreeSchema.safeParse(frameTree.data) : null;
    if (!main?.success) return err('eval_failed', 'could not read the frame tree through the debugger');
    const enabled = await send(tabId, 'Runtime.enable');
    if (!enabled.ok) return enabled;
    // The replayed events are dispatched around the reply; give them a moment to land.
    await sleep(50);
    const ctx = seen.filter((c) => c.frameId === main.data.frameTree.frame.id && c.isDefault).at(-1);
    if (!ctx) return err('eval_failed', "could not find the page's main world through the debugger");
    if ((await currentDocumentId(tabId, 0)) !== documentId) return err('document_changed', DOCUMENT_CHANGED);
    return ok(ctx.uniqueId);
  } finally {
    off();
    await send(tabId, 'Runtime.disable');
  }
}

const DOCUMENT_CHANGED =
  'the page navigated after the user approved this code, so it was not run: read the page again and ask again if it is still needed';

/** CDP fallback (main frame only): not subject to the page CSP. replMode allows top-level await. */
async function viaCdp(req: EvalRequest): Promise<Result<EvalOutcome>> {
  const reply = await withSession(req.tabId, async ({ send }) => {
    let pinned: { uniqueContextId: string } | Record<string, never> = {};
    if (req.documentId) {
      const ctx = await pinnedContext(req.tabId, req.documentId, send);
      if (!ctx.ok) return ctx;
      pinned = { uniqueContextId: ctx.data };
    }
    const r = await send(req.tabId, 'Runtime.evaluate', {
      expression: req.code,
      returnByValue: true,
      awaitPromise: true,
      replMode: true,
      timeout: req.timeoutMs,
      ...pinned,
    });
    // A destroyed context (the document left mid-way) reads as "Cannot find context".
    if (!r.ok && req.documentId && /context/i.test(r.error.message)) return err('document_changed', DOCUMENT_CHANGED);
    return r;
  });
  if (!reply.ok) return reply;
  const r = RuntimeReplySchema.safeParse(reply.data);
  if (!r.success) return err('eval_failed', 'Runtime.evaluate returned an unexpected shape');
  const ex = r.data.exceptionDetails;
  if (ex) {
    const message = ex.exception?.description ?? ex.text;
    return ok({
      ok: false,
      error: { name: ex.exception?.className ?? 'Error', message: message.split('\n').slice(0, 6).join('\n') },
    });
  }
  const res = r.data.result;
  const value = res.unserializableValue ?? (res.type === 'undefined' ? undefined : res.value);
  const outcome = pageEvaluate('', req.maxChars, 0, { value });
  return ok(outcome instanceof Promise ? await outcome : outcome);
}

export async function evaluateInPage(req: EvalRequest): Promise<Result<EvalOutcome & { via: 'main-world' | 'cdp' }>> {
  const first = await viaScripting(req);
  if (!first.ok) {
    if (req.documentId && (await currentDocumentId(req.tabId, req.frameId)) !== req.documentId)
      return err('document_changed', DOCUMENT_CHANGED);
    return first;
  }
  if (first.data.documentChanged) return err('document_changed', DOCUMENT_CHANGED);
  if (!first.data.cspBlocked) return ok({ ...first.data, via: 'main-world' });
  if (!HAS_CDP) {
    // Firefox gives extensions no evaluation outside the page's CSP (no debugger API): say so, run nothing.
    return err(
      'csp_blocked',
      `this page's Content-Security-Policy forbids eval (${first.data.error?.message ?? ''}); Firefox offers extensions no way around it, so the code did not run: read the page with the tree and extract tools instead`,
    );
  }
  if (req.frameId !== 0) {
    return err(
      'csp_blocked',
      `this frame's Content-Security-Policy forbids eval (${first.data.error?.message ?? ''}); the CDP fallback only reaches the main frame`,
    );
  }
  const second = await viaCdp(req);
  if (!second.ok)
    return err(second.error.code, `the page forbids eval (CSP) and the CDP fallback failed: ${second.error.message}`);
  return ok({ ...second.data, via: 'cdp' });
}
