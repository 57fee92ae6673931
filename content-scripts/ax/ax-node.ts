/**
 * The builder's intermediate tree: kept nodes with their text runs, before serialisation. Text is
 * gathered per node, flushed into text children, and pruned where it only repeats a name.
 */
import { cap, collapse, type Capper } from './render';

interface TextChild {
  kind: 'text';
  text: string;
}

export interface AxNode {
  kind: 'node';
  el: Element | null;
  /** No line of its own (a hoisted generic popup, the walk's root container). */
  transparent: boolean;
  role: string;
  /** The role as the line prints it when it differs (`h2` for a level-2 heading: render.ts printedRole). */
  shownRole: string | undefined;
  name: string;
  ref: string | undefined;
  /** Rendered attributes and states, leading spaces included. */
  attrs: string;
  states: string;
  children: AxChild[];
  /** Text gathered since the last child node; flushed into a TextChild. */
  pending: string;
  nameFromContent: boolean;
  /** Kept by the 'interactive' filter even without a ref: headings and dialogs give context. */
  context: boolean;
  /** For a hoisted popup: the expanded control that opened it. */
  popupOf: Element | undefined;
  /** Child nodes not printed because maxDepth was reached. */
  omitted: number;
  /** A trailing note line (e.g. "… 212 more options"). */
  extra: string | undefined;
}

type AxChild = AxNode | TextChild;

export function newNode(el: Element | null, transparent: boolean): AxNode {
  return {
    kind: 'node',
    el,
    transparent,
    role: '',
    shownRole: undefined,
    name: '',
    ref: undefined,
    attrs: '',
    states: '',
    children: [],
    pending: '',
    nameFromContent: false,
    context: false,
    popupOf: undefined,
    omitted: 0,
    extra: undefined,
  };
}

export function flushText(node: AxNode, capper: Capper): void {
  if (!node.pending) return;
  const text = collapse(node.pending).trim();
  node.pending = '';
  if (text) node.children.push({ kind: 'text', text: cap(text, capper) });
}

function norm(text: string): string {
  return text
    .toLowerCase()
    .replace(/[\s:*]+$/, '')
    .trim();
}

/**
 * Flushes the node's text and drops what only repeats a name: a button's own label, a label's
 * text next to the field it names, an icon's alt inside a link named by it.
 */
export function finalize(node: AxNode, capper: Capper): void {
  flushText(node, capper);
  const kids = node.children;
  if (kids.length === 0) return;
  const own = norm(node.name);
  const out: AxChild[] = [];
  for (let i = 0; i < kids.length; i++) {
    const k = kids[i];
    if (!k) continue;
    if (k.kind === 'text') {
      const t = norm(k.text);
      if (!t) continue;
      if (own && (t === own || (node.nameFromContent && own.includes(t)))) continue;
      const prev = kids[i - 1];
      const next = kids[i + 1];
      if (next?.kind === 'node' && next.name && norm(next.name) === t) continue;
      if (prev?.kind === 'node' && prev.name && norm(prev.name) === t) continue;
    } else if (
      node.nameFromContent &&
      own &&
      !k.ref &&
      k.children.length === 0 &&
      k.name &&
      own.includes(norm(k.name))
    ) {
      continue;
    }
    out.push(k);
  }
  node.children = out;
}
