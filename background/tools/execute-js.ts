/**
 * execute_js (Dev mode only): runs developer code in the page's main world and returns a JSON-safe,
 * size-capped result, or the exception the code threw.
 */
import { z } from 'zod';
import { err, ok } from '../../shared/result';
import { MAIN_FRAME_ID } from '../frames/frame-ids';
import { findFrame } from '../frames/frame-store';
import { FrameIdArg } from './page-target';
import { evaluateInPage } from '../cdp/page-eval';
import { defineTool } from './define-tool';
import { originOf } from '../policy/trusted-sites';
import { HAS_CDP } from '../../shared/browser-target';

export const executeJs = defineTool({
  name: 'execute_js',
  family: 'developer',
  description: [
    "Runs JavaScript in the page's own context (its globals, not the extension's) and returns the value of the",
    'last expression (a promise is awaited up to timeoutMs), JSON-safe: DOM nodes as "[element <tag#id>]", cycles cut,',
    'capped at maxChars. Exceptions come back as {error:{name,message,stack}}. Use `return` only inside a function;',
    'for await write an async IIFE: (async () => { … })(). frameId runs it in a child frame. Pages whose CSP forbids',
    HAS_CDP
      ? 'eval are evaluated through the DevTools protocol instead (main frame). Prefer the tree and action tools for'
      : 'eval cannot run it (csp_blocked). Prefer the tree and action tools for',
    'ordinary work: this is for debugging.',
  ].join(' '),
  schema: z.strictObject({
    code: z.string().min(1).max(100_000),
    frameId: FrameIdArg.optional(),
    maxChars: z.number().int().min(100).max(200_000).optional().describe('cap on the JSON result (default 20000)'),
    timeoutMs: z
      .number()
      .int()
      .min(100)
      .max(60_000)
      .optional()
      .describe('how long to await a returned promise (default 10000)'),
  }),
  modes: ['dev'],
  // Firefox runs it the same way (scripting MAIN world) but without Chrome's CDP fallback for pages
  // whose CSP forbids eval: there it fails with csp_blocked (docs/firefox.md).
  readOnly: false,
  async handler(args, ctx) {
    let chromeFrameId = 0;
    const frame = args.frameId ?? MAIN_FRAME_ID;
    if (frame !== MAIN_FRAME_ID) {
      const found = await findFrame(ctx.tabId, frame);
      if (!found.ok) return found;
      chromeFrameId = found.data.frame.chromeFrameId;
    }
    // Pin the document: the user approves code for the document they see, and it runs only there.
    const doc = await chrome.webNavigation.getFrame({ tabId: ctx.tabId, frameId: chromeFrameId }).catch(() => null);
    // Firefox has no document ids: the approved origin is checked in the page right before it runs.
    if (!doc || (HAS_CDP && !doc.documentId))
      return err('frame_gone', `frame ${frame} has no document right now (navigating or closed); read the page again`);
    if (ctx.approvals) {
      const approved = await ctx.approvals.approveCode(args.code, originOf(doc.url));
      if (!approved.ok) return approved;
    }
    const r = await evaluateInPage({
      tabId: ctx.tabId,
      frameId: chromeFrameId,
      ...(HAS_CDP && doc.documentId ? { documentId: doc.documentId } : { expectOrigin: originOf(doc.url) }),
      code: args.code,
      maxChars: args.maxChars ?? 20_000,
      timeoutMs: args.timeoutMs ?? 10_000,
    });
    if (!r.ok) return r;
    const o = r.data;
    if (!o.ok) {
      const e = o.error ?? { name: 'Error', message: 'unknown failure' };
      return err(o.timedOut ? 'js_timeout' : 'js_exception', `${e.name}: ${e.message}${e.stack ? `\n${e.stack}` : ''}`);
    }
    let value: unknown = o.json;
    if (!o.truncated && o.json !== undefined) {
      try {
        value = JSON.parse(o.json);
      } catch {
        value = o.json;
      }
    }
    return ok({
      value,
      type: o.type,
      via: o.via,
      frameId: frame,
      ...(o.truncated ? { truncated: true, note: 'value cut at maxChars; shown as JSON text' } : {}),
    });
  },
});
