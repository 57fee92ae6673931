/**
 * CDP side of the shadow tools: a pierced DOM.getDocument reaches closed shadow roots that page
 * scripts cannot, and DOM.querySelectorAll runs against each root (selectors never cross a shadow
 * boundary, so one query per root is what "pierce query" means). Matches are bound to refs by
 * composed path through the main frame's content script.
 */
import { z } from 'zod';
import { err, ok, type Result } from '../../shared/result';
import { withSession } from './cdp-client';
import { sendToContent } from '../content-bridge';
import {
  countDescendants,
  elementChildren,
  GetDocumentReplySchema,
  indexDom,
  selectorLabel,
  textOf,
  type DomIndex,
  type RootMode,
} from './cdp-dom';

const QueryReplySchema = z.object({ nodeIds: z.array(z.number()) });
const BoundSchema = z.array(
  z.object({ path: z.string(), ref: z.string().nullable(), role: z.string(), name: z.string() }),
);
type Bound = z.infer<typeof BoundSchema>[number];

export interface ShadowMatch {
  ref: string | null;
  role: string;
  name: string;
  element: string;
  text: string;
  /** Where it lives: 'document', or the mode of the shadow root that holds it. */
  root: RootMode;
  /** Shadow hosts around it, outermost first (e.g. ["pay-widget", "card-field"]). */
  hosts: string[];
}

export interface CdpHost {
  ref: string | null;
  tag: string;
  mode: 'open' | 'closed';
  path: string;
  hosts: string[];
  children: { tag: string; text: string; childCount: number }[];
  descendantCount: number;
}

async function bindRefs(tabId: number, paths: string[]): Promise<Map<string, Bound>> {
  const out = new Map<string, Bound>();
  if (paths.length === 0) return out;
  const reply = await sendToContent(tabId, { type: 'tool', tool: 'shadow_bind', args: { paths } }, 0);
  if (!reply.ok) return out;
  const bound = BoundSchema.safeParse(reply.data);
  if (bound.success) for (const b of bound.data) out.set(b.path, b);
  return out;
}

function pierceDocument(
  send: (m: string, p?: Record<string, unknown>) => Promise<Result<unknown>>,
): Promise<Result<DomIndex>> {
  return send('DOM.getDocument', { depth: -1, pierce: true }).then((reply) => {
    if (!reply.ok) return reply;
    const doc = GetDocumentReplySchema.safeParse(reply.data);
    if (!doc.success) return err('cdp_failed', 'DOM.getDocument returned an unexpected shape');
    return ok(indexDom(doc.data.root));
  });
}

export async function queryPierced(
  tabId: number,
  selector: string,
  maxResults: number,
): Promise<Result<{ matches: ShadowMatch[]; total: number; rootsSearched: number; closedRoots: number }>> {
  const found = await withSession(tabId, async ({ send }) => {
    const s = (m: string, p?: Record<string, unknown>): Promise<Result<unknown>> => send(tabId, m, p);
    const index = await pierceDocument(s);
    if (!index.ok) return index;
    const hits: number[] = [];
    for (const root of index.data.roots) {
      const reply = await s('DOM.querySelectorAll', { nodeId: root.nodeId, selector });
      if (!reply.ok) {
        if (root.mode === 'document')
          return err('bad_selector', `the selector ${JSON.stringify(selector)} was rejected: ${reply.error.message}`);
        continue;
      }
      const ids = QueryReplySchema.safeParse(reply.data);
      if (ids.success) for (const id of ids.data.nodeIds) if (!hits.includes(id)) hits.push(id);
    }
    return ok({ index: index.data, hits });
  });
  if (!found.ok) return found;
  const { index, hits } = found.data;
  const elements = hits.map((id) => index.byNodeId.get(id)).filter((e) => e !== undefined);
  const shown = elements.slice(0, maxResults);
  const refs = await bindRefs(
    tabId,
    shown.map((e) => e.path),
  );
  const matches = shown.map((e): ShadowMatch => {
    const b = refs.get(e.path);
    return {
      ref: b?.ref ?? null,
      role: b?.role ?? '',
      name: b?.name ?? '',
      element: selectorLabel(e.node),
      text: textOf(e.node),
      root: e.rootMode,
      hosts: e.hosts,
    };
  });
  return ok({
    matches,
    total: elements.length,
    rootsSearched: index.roots.length,
    closedRoots: index.roots.filter((r) => r.mode === 'closed').length,
  });
}

/** Shadow hosts of the main document as CDP sees them (open and closed), with refs where the page can bind them. */
export async function hostsViaCdp(
  tabId: number,
  underPath: string | null,
  maxHosts: number,
): Promise<Result<{ hosts: CdpHost[]; total: number }>> {
  const index = await withSession(tabId, ({ send }) => pierceDocument((m, p) => send(tabId, m, p)));
  if (!index.ok) return index;
  const hostsByPath = new Map<string, string[]>();
  for (const e of index.data.byNodeId.values()) hostsByPath.set(e.path, e.hosts);
  const all = index.data.roots.filter(
    (r): r is typeof r & { mode: 'open' | 'closed' } =>
      r.mode !== 'document' &&
      (underPath === null || r.hostPath === underPath || r.hostPath.startsWith(`${underPath}/`)),
  );
  const chosen = all.slice(0, maxHosts);
  const refs = await bindRefs(
    tabId,
    chosen.map((r) => r.hostPath),
  );
  const hosts = chosen.map((r): CdpHost => ({
    ref: refs.get(r.hostPath)?.ref ?? null,
    tag: r.hostTag,
    mode: r.mode,
    path: r.hostPath,
    hosts: hostsByPath.get(r.hostPath) ?? [],
    children: elementChildren(r.node)
      .filter((c) => c.localName !== 'style' && c.localName !== 'script' && c.localName !== 'link')
      .slice(0, 12)
      .map((c) => ({
        tag: c.localName ?? c.nodeName.toLowerCase(),
        text: textOf(c),
        childCount: elementChildren(c).length,
      })),
    descendantCount: countDescendants(r.node),
  }));
  return ok({ hosts, total: all.length });
}
