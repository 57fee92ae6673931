/**
 * Routes the page tools to the PDF reader when the tab shows a PDF (docs/pdf.md). The registry
 * wraps get_accessibility_tree, find, text_search and click_ax with these (tools/index.ts), so the
 * console's `wb.tool` and the agent loop take the same path. A tab that is not a PDF goes to the
 * page scripts as before; when they cannot answer (Chrome's viewer runs no content scripts), a
 * HEAD request decides whether it is a PDF after all (pdf-detect.ts).
 */
import { z } from 'zod';
import { formatFind, formatTextSearch } from '../../shared/find-format';
import type { GateFacts, GateFactsArgs } from '../../shared/protocol/gate-facts';
import { err, isRecord, ok, type Result } from '../../shared/result';
import { TreeArgsSchema } from '../../shared/tree-contract';
import { sanitizeUrl } from '../../shared/url-sanitize';
import { guardedLoad, returnTo } from '../tools/navigation';
import { toolsFor } from '../tools/registry';
import type { Tool, ToolContext } from '../tools/types';
import { pdfUrlOf, probePdf } from './pdf-detect';
import { pdfFind, pdfTextSearch, pdfTree, refMiss } from './pdf-read';
import { loadedPdf, pdfDocument, type PdfDocument } from './pdf-store';
import { checkRead } from '../policy/read-gate';

/** Errors that mean "the page scripts could not run here": worth asking whether the tab is a PDF. */
const NOT_SCRIPTABLE: ReadonlySet<string> = new Set([
  'page_not_scriptable',
  'no_content_script',
  'content_unreachable',
]);

type PdfHandler = (doc: PdfDocument, args: unknown, ctx: ToolContext) => Promise<Result<unknown>> | Result<unknown>;

/** The tool, answered from the PDF reader when the tab shows a PDF. */
export function pdfAware(tool: Tool, onPdf: PdfHandler, note?: string): Tool {
  const read = async (url: string, raw: unknown, ctx: ToolContext): Promise<Result<unknown>> => {
    const parsed = z.safeParse(tool.schema, raw ?? {});
    // Bad arguments get the tool's own message.
    if (!parsed.success) return tool.run(raw, ctx);
    // The PDF is the tab's document: read only on the task's origins, like any page (read-gate.ts).
    const allowed = await checkRead(ctx.reads, ctx.tabId, 0);
    if (!allowed.ok) return allowed;
    const doc = await pdfDocument(ctx.tabId, url);
    if (!doc.ok) return doc;
    return onPdf(doc.data, parsed.data, ctx);
  };
  return {
    ...tool,
    description: note ? `${tool.description} ${note}` : tool.description,
    async run(raw, ctx) {
      const url = await pdfUrlOf(ctx.tabId);
      if (url !== null) return read(url, raw, ctx);
      const result = await tool.run(raw, ctx);
      if (result.ok || !NOT_SCRIPTABLE.has(result.error.code)) return result;
      const probed = await probePdf(ctx.tabId);
      return probed === null ? result : read(probed, raw, ctx);
    },
  };
}

const str = (v: unknown, key: string): string | undefined =>
  isRecord(v) && typeof v[key] === 'string' ? v[key] : undefined;
const num = (v: unknown, key: string): number | undefined =>
  isRecord(v) && typeof v[key] === 'number' ? v[key] : undefined;

export const pdfTreeHandler: PdfHandler = (doc, args) => {
  const parsed = TreeArgsSchema.safeParse(args);
  return parsed.success ? pdfTree(doc, parsed.data) : err('bad_arguments', parsed.error.message);
};

export const pdfTextSearchHandler: PdfHandler = (doc, args) => {
  const text = str(args, 'text') ?? '';
  const ref = str(args, 'ref_id');
  if (ref !== undefined && !doc.links.has(ref)) return err('ref_not_found', refMiss(doc, ref));
  const max = num(args, 'maxMatches');
  const exact = isRecord(args) && args.exact === true;
  return ok(
    formatTextSearch(
      pdfTextSearch(doc, { text, exact, ...(ref ? { ref_id: ref } : {}), ...(max ? { maxMatches: max } : {}) }),
    ),
  );
};

export const pdfFindHandler: PdfHandler = (doc, args, ctx) => {
  const max = num(args, 'maxCandidates');
  const result = pdfFind(doc, { query: str(args, 'query') ?? '', ...(max ? { maxCandidates: max } : {}) });
  const tools = new Set(toolsFor(ctx.mode, ctx.tier).map((t) => t.name));
  return ok(formatFind(result, { confidenceFloor: num(args, 'confidenceFloor') ?? 0, tools }));
};

/**
 * click_ax on a PDF link: the viewer is not scriptable, so the click is the navigation the link
 * would make, through the same origin policy as `navigate` (the gate judged it already through
 * `pdfGateFacts`; the hook asks again only if the policy changed, and is absent for the user's own
 * console calls). Only http(s) links are followed.
 */
export const pdfClickHandler: PdfHandler = async (doc, args, ctx) => {
  const ref = str(args, 'ref_id') ?? '';
  const link = doc.links.get(ref);
  if (!link?.url) return err('stale_ref', refMiss(doc, ref));
  let target: URL;
  try {
    target = new URL(link.url);
  } catch {
    return err('pdf_link_unsupported', `${ref} has a malformed URL; tell the user the link text instead`);
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:')
    return err(
      'pdf_link_unsupported',
      `${ref} opens a ${target.protocol} URL; Weaverbird follows only http(s) links from a PDF. Tell the user the link instead.`,
    );
  const allowed = await ctx.approvals?.guardNavigation(target.href, 'Open');
  if (allowed && !allowed.ok) return allowed;
  const loaded = await guardedLoad(
    ctx,
    ctx.tabId,
    () => chrome.tabs.update(ctx.tabId, { url: target.href }),
    await returnTo(ctx),
  );
  if (!loaded.ok && loaded.error.code === 'navigation_blocked') return loaded;
  if (!loaded.ok) return err('navigation_failed', `${ref} could not be followed: ${loaded.error.message}`);
  return ok({
    success: true,
    method: 'pdf-link',
    verified: true,
    role: 'link',
    name: link.text,
    href: sanitizeUrl(target.href),
    navigates: true,
    changes: { url: loaded.data.url },
    hint: `${ref} opened its link in this tab; refs of the PDF are gone: re-read the tree on the new page`,
  });
};

/**
 * What the approval gate needs for an action on a PDF tab (policy/inspect-element.ts): the link's
 * target, judged by the origin policy like any link. Null when the tab is not a PDF.
 */
export async function pdfGateFacts(tabId: number, query: GateFactsArgs): Promise<Result<GateFacts> | null> {
  if (query.ref === undefined) return null;
  const url = await pdfUrlOf(tabId);
  if (url === null) return null;
  const doc = (await loadedPdf(tabId)) ?? (await pdfDocument(tabId, url));
  if (!doc.ok) return doc;
  const link = doc.data.links.get(query.ref);
  if (!link) return err('stale_ref', refMiss(doc.data, query.ref));
  return ok({
    origin: new URL(url).origin,
    activation: 'click',
    target: { role: 'link', name: link.text },
    form: null,
    ...(link.url !== undefined ? { navigatesTo: link.url } : {}),
  });
}

/** Appended to get_accessibility_tree's description. */
export const PDF_TREE_NOTE = 'Reads PDF tabs too (a region per page).';
