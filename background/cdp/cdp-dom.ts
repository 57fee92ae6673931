/**
 * Reading a pierced CDP DOM (DOM.getDocument {depth:-1, pierce:true}): shadow hosts with their root
 * mode, and composed paths that name an element the same way the page side does
 * (content-scripts/frames/shadow-roots.ts), so CDP findings can be bound to ordinary refs.
 * https://chromedevtools.github.io/devtools-protocol/tot/DOM/#type-Node
 */
import { z } from 'zod';
import { sliceSafe, squish } from '../../shared/text';

export interface CdpNode {
  nodeId: number;
  backendNodeId?: number | undefined;
  nodeType: number;
  nodeName: string;
  localName?: string | undefined;
  nodeValue?: string | undefined;
  attributes?: string[] | undefined;
  children?: CdpNode[] | undefined;
  shadowRoots?: CdpNode[] | undefined;
  shadowRootType?: string | undefined;
  contentDocument?: CdpNode | undefined;
}

const CdpNodeSchema: z.ZodType<CdpNode> = z.lazy(() =>
  z.object({
    nodeId: z.number(),
    backendNodeId: z.number().optional(),
    nodeType: z.number(),
    nodeName: z.string(),
    localName: z.string().optional(),
    nodeValue: z.string().optional(),
    attributes: z.array(z.string()).optional(),
    children: z.array(CdpNodeSchema).optional(),
    shadowRoots: z.array(CdpNodeSchema).optional(),
    shadowRootType: z.string().optional(),
    contentDocument: CdpNodeSchema.optional(),
  }),
);

export const GetDocumentReplySchema = z.object({ root: CdpNodeSchema });

export type RootMode = 'document' | 'open' | 'closed';

interface IndexedElement {
  node: CdpNode;
  path: string;
  /** The mode of the tree the element is in, and the host chain (outermost first) when in a shadow tree. */
  rootMode: RootMode;
  hosts: string[];
}

interface IndexedRoot {
  nodeId: number;
  mode: RootMode;
  /** Path of the host element; '' for the document. */
  hostPath: string;
  hostTag: string;
  node: CdpNode;
}

export interface DomIndex {
  byNodeId: Map<number, IndexedElement>;
  roots: IndexedRoot[];
}

const elementChildren = (n: CdpNode): CdpNode[] => (n.children ?? []).filter((c) => c.nodeType === 1);
const authorRoot = (n: CdpNode): CdpNode | undefined =>
  (n.shadowRoots ?? []).find((r) => r.shadowRootType === 'open' || r.shadowRootType === 'closed');

/**
 * Indexes the main document's elements and author shadow roots (user-agent roots, such as an
 * <input>'s inner editor, are the browser's own and skipped). Iframe documents are not entered: each
 * frame is read through its own content script.
 */
export function indexDom(doc: CdpNode, limit = 200_000): DomIndex {
  const byNodeId = new Map<number, IndexedElement>();
  const roots: IndexedRoot[] = [{ nodeId: doc.nodeId, mode: 'document', hostPath: '', hostTag: '', node: doc }];
  const visit = (parent: CdpNode, prefix: string, rootMode: RootMode, hosts: string[]): void => {
    elementChildren(parent).forEach((child, i) => {
      if (byNodeId.size >= limit) return;
      const path = prefix === '' ? String(i) : `${prefix}/${i}`;
      byNodeId.set(child.nodeId, { node: child, path, rootMode, hosts });
      const root = authorRoot(child);
      if (root) {
        const mode: RootMode = root.shadowRootType === 'closed' ? 'closed' : 'open';
        const tag = child.localName ?? child.nodeName.toLowerCase();
        roots.push({ nodeId: root.nodeId, mode, hostPath: path, hostTag: tag, node: root });
        visit(root, `${path}/s`, mode, [...hosts, tag]);
      }
      visit(child, path, rootMode, hosts);
    });
  };
  visit(doc, '', 'document', []);
  return { byNodeId, roots };
}

function attr(node: CdpNode, name: string): string | undefined {
  const a = node.attributes ?? [];
  for (let i = 0; i + 1 < a.length; i += 2) if (a[i] === name) return a[i + 1];
  return undefined;
}

/** Visible-ish text of a node (text nodes under it, whitespace collapsed, capped). */
export function textOf(node: CdpNode, max = 60): string {
  let out = '';
  const walk = (n: CdpNode): void => {
    if (out.length > max) return;
    if (n.nodeType === 3) out += n.nodeValue ?? '';
    const tag = n.localName;
    if (tag === 'style' || tag === 'script') return;
    for (const c of n.children ?? []) walk(c);
    const root = authorRoot(n);
    if (root) walk(root);
  };
  walk(node);
  return sliceSafe(squish(out), max);
}

export function countDescendants(node: CdpNode): number {
  let n = 0;
  const walk = (x: CdpNode): void => {
    for (const c of elementChildren(x)) {
      n++;
      walk(c);
    }
  };
  walk(node);
  return n;
}

/** `button#buy.primary` style label. */
export function selectorLabel(node: CdpNode): string {
  const tag = node.localName ?? node.nodeName.toLowerCase();
  const id = attr(node, 'id');
  const cls = (attr(node, 'class') ?? '').trim().split(/\s+/).filter(Boolean).slice(0, 2);
  return `${tag}${id ? `#${id}` : ''}${cls.map((c) => `.${c}`).join('')}`;
}

export { elementChildren };
