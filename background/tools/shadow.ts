/**
 * Shadow-DOM tools: get_shadow_dom (hosts, open and closed, with their children and refs for their
 * controls) and shadow_dom_query (a CSS query run inside every shadow root, closed ones included).
 *
 * Exposure: Full-tier Act gets them as fallbacks, Dev gets them for Mid and Full; never Ask or
 * Compact, whose small models do better with fewer tools and reach shadow content through the tree.
 */
import { z } from 'zod';
import { HAS_CDP } from '../../shared/browser-target';
import { err, ok } from '../../shared/result';
import { QUALIFIED_REF_PATTERN } from '../../shared/refs';
import { sendToContent } from '../content-bridge';
import { MAIN_FRAME_ID } from '../frames/frame-ids';
import { qualifyRef, qualifyRefsInText } from '../frames/qualified-ref';
import { resolveRefTarget } from '../frames/route-ref';
import { hostsViaCdp, queryPierced } from '../cdp/shadow-cdp';
import { defineTool } from './define-tool';
import { checkReply } from '../page-call';

const TIERS = { act: ['full'], dev: ['mid', 'full'] } as const;
/** Where get_shadow_dom reads from; the CDP source exists in the Chrome build only. */
const SOURCES: readonly ['page', ...'cdp'[]] = HAS_CDP ? ['page', 'cdp'] : ['page'];

const PageHostsSchema = z.object({
  hosts: z.array(
    z.object({
      ref: z.string(),
      tag: z.string(),
      mode: z.enum(['open', 'closed']),
      nesting: z.number(),
      path: z.string(),
      children: z.array(z.object({ tag: z.string(), text: z.string(), childCount: z.number() })),
      descendantCount: z.number(),
      controls: z.array(z.object({ ref: z.string(), role: z.string(), name: z.string() })),
    }),
  ),
  total: z.number(),
  startPath: z.string(),
  cappedAt: z.number().optional(),
});

const RefArg = z.string().regex(QUALIFIED_REF_PATTERN, 'must be a ref such as "ref_12" or "f2:ref_12"');

export const getShadowDom = defineTool({
  name: 'get_shadow_dom',
  family: 'developer',
  description: [
    'Lists shadow hosts (web components) under a node, or the whole page: tag, mode (open|closed), children, descendantCount',
    'and refs for the controls inside each shadow root, closed roots included, usable with click_ax/type_ax.',
    // Firefox has no DevTools protocol for extensions: its build offers (and describes) the page source only.
    HAS_CDP
      ? "source 'page' (default) reads through the extension's page script; 'cdp' asks the DevTools protocol (DOM.getDocument pierce), which shows a debugging banner briefly; use it when the page script cannot answer."
      : '',
  ]
    .filter((l) => l !== '')
    .join(' '),
  schema: z.strictObject({
    ref_id: RefArg.optional().describe('limit to this element’s subtree (a ref from a tree read)'),
    maxHosts: z.number().int().min(1).max(1000).optional().describe('cap on hosts listed (default 200)'),
    source: z.enum(SOURCES).optional(),
  }),
  modes: ['act', 'dev'],
  tiers: ['mid', 'full'],
  tiersByMode: TIERS,
  readOnly: true,
  async handler(args, ctx) {
    const maxHosts = args.maxHosts ?? 200;
    const target = args.ref_id !== undefined ? await resolveRefTarget(ctx.tabId, args.ref_id) : null;
    if (target && !target.ok) return target;
    const frameId = target?.data.frameId ?? 0;
    const frame = target?.data.frame ?? MAIN_FRAME_ID;
    const pageArgs = { maxHosts, ...(target ? { ref_id: target.data.localRef } : {}) };
    const page =
      args.source === 'cdp' && frame === MAIN_FRAME_ID
        ? null
        : await sendToContent(ctx.tabId, { type: 'tool', tool: 'shadow_hosts', args: pageArgs }, frameId);
    if (page?.ok) {
      const parsed = checkReply(page, PageHostsSchema, 'shadow-host list');
      if (!parsed.ok) return parsed;
      const d = parsed.data;
      return ok({
        source: 'page',
        frameId: frame,
        hosts: d.hosts.map(({ path: _p, ...h }) => ({
          ...h,
          ref: qualifyRef(frame, h.ref),
          controls: h.controls.map((c) => ({ ...c, ref: qualifyRef(frame, c.ref) })),
        })),
        total: d.total,
        closedShadowAvailable: d.hosts.some((h) => h.mode === 'closed'),
        ...(d.cappedAt !== undefined ? { cappedAt: d.cappedAt } : {}),
      });
    }
    if (frame !== MAIN_FRAME_ID) {
      return (
        page ??
        err(
          'cdp_main_frame_only',
          'the CDP source reads the main frame only; drop source or read the frame with iframe_read',
        )
      );
    }
    // The page script could not answer (or CDP was asked for): read the pierced DOM instead.
    let underPath: string | null = null;
    if (target) {
      const located = await sendToContent(
        ctx.tabId,
        { type: 'tool', tool: 'shadow_hosts', args: { ...pageArgs, maxHosts: 1 } },
        0,
      );
      const parsed = located.ok ? PageHostsSchema.safeParse(located.data) : null;
      if (!parsed?.success)
        return err(
          'ref_unlocatable',
          `cannot locate ${args.ref_id ?? ''} for the CDP read; omit ref_id to list every host`,
        );
      underPath = parsed.data.startPath;
    }
    const cdp = await hostsViaCdp(ctx.tabId, underPath, maxHosts);
    if (!cdp.ok) {
      const pageWhy = page && !page.ok ? ` (page script: ${page.error.message})` : '';
      return err(cdp.error.code, `closed shadow roots cannot be read here: ${cdp.error.message}${pageWhy}`);
    }
    return ok({
      source: 'cdp',
      frameId: MAIN_FRAME_ID,
      hosts: cdp.data.hosts.map(({ path: _p, ...h }) => h),
      total: cdp.data.total,
      closedShadowAvailable: cdp.data.hosts.some((h) => h.mode === 'closed'),
      ...(cdp.data.total > maxHosts ? { cappedAt: maxHosts } : {}),
      ...(page && !page.ok ? { warnings: [`page script unavailable: ${page.error.message}`] } : {}),
    });
  },
});

export const shadowDomQuery = defineTool({
  name: 'shadow_dom_query',
  family: 'developer',
  description: [
    'Runs a CSS selector in the main document and inside every shadow root, closed ones included (DevTools protocol',
    'DOM.getDocument pierce + querySelectorAll per root). Returns matches with ref (usable with click_ax/type_ax),',
    'role, name, element label, text, and which shadow hosts enclose it. Selectors do not cross shadow boundaries:',
    'match the inner element itself ("button.pay"), not "my-widget button".',
  ].join(' '),
  schema: z.strictObject({
    selector: z.string().min(1).max(1000),
    maxResults: z.number().int().min(1).max(200).optional().describe('default 50'),
  }),
  modes: ['act', 'dev'],
  // CDP DOM.getDocument pierce only: Chrome only. get_shadow_dom's page source covers Firefox.
  browsers: ['chrome'],
  tiers: ['mid', 'full'],
  tiersByMode: TIERS,
  readOnly: true,
  async handler(args, ctx) {
    const r = await queryPierced(ctx.tabId, args.selector, args.maxResults ?? 50);
    if (!r.ok) return err(r.error.code, qualifyRefsInText(r.error.message, MAIN_FRAME_ID));
    return ok({ ...r.data, ...(r.data.total > r.data.matches.length ? { cappedAt: r.data.matches.length } : {}) });
  },
});
