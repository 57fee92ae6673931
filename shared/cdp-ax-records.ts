/**
 * Chrome's own accessibility tree (CDP `Accessibility.getFullAXTree`,
 * https://chromedevtools.github.io/devtools-protocol/tot/Accessibility/#method-getFullAXTree) as a
 * list of records in document order: ignored nodes and generic noise dropped, their children moved
 * up, so the rest prints in the same grammar as the page tree (shared/tree-line.ts).
 *
 * Real pages produce byte-identical duplicate nodes (the same nodeId twice, e.g. a node reached both
 * through aria-owns and its DOM parent): the first one counts, later ones are skipped and counted,
 * never a reason to refuse the page. Children that point outside the payload (an iframe's document
 * lives in its frame's own tree) are leaves. No `chrome.*` here.
 */
import { z } from 'zod';
import { err, ok, type Result } from './result';
import { collapse, stateWords, type AxStates } from './tree-print';

const AxValue = z.looseObject({ type: z.string().optional(), value: z.unknown().optional() });
const AxNodeSchema = z.looseObject({
  nodeId: z.string(),
  ignored: z.boolean().optional(),
  role: AxValue.optional(),
  name: AxValue.optional(),
  value: AxValue.optional(),
  properties: z.array(z.looseObject({ name: z.string(), value: AxValue })).optional(),
  parentId: z.string().optional(),
  childIds: z.array(z.string()).optional(),
  backendDOMNodeId: z.number().optional(),
  frameId: z.string().optional(),
});
export type CdpAxNode = z.infer<typeof AxNodeSchema>;
const PayloadSchema = z.union([z.looseObject({ nodes: z.array(AxNodeSchema) }), z.array(AxNodeSchema)]);

/** One printed node. */
export interface AxRecord {
  depth: number;
  /** Chrome's role value as reported, except StaticText, which prints as the grammar's `text`. */
  role: string;
  /** Chrome's computed name, whitespace runs collapsed (a tree line is one line). */
  name: string;
  value: string;
  /** The states as the page tree's type has them, for the line's short forms (shared/tree-print.ts). */
  ax: AxStates;
  editable: boolean;
  /** Every state word in the page tree's fixed order, short forms not applied (a query matches them). */
  states: string[];
  backendId: number | undefined;
  /** Gets a ref: a widget role, or a node Chrome reports as focusable. */
  actionable: boolean;
  /** Index of the parent record, -1 at the top. */
  parent: number;
}

export interface AxRecords {
  records: AxRecord[];
  /** Nodes seen more than once under the same nodeId (skipped after the first). */
  duplicates: number;
  /** Nodes in the payload. */
  nodeCount: number;
}

/** Widget roles (WAI-ARIA 1.2 §5.3.3) plus Chrome's internal roles for native controls. */
const ACTIONABLE_ROLES: ReadonlySet<string> = new Set([
  'button',
  'checkbox',
  'combobox',
  'link',
  'menuitem',
  'menuitemcheckbox',
  'menuitemradio',
  'option',
  'radio',
  'searchbox',
  'slider',
  'spinbutton',
  'switch',
  'tab',
  'textbox',
  'treeitem',
  'listbox',
  'MenuListOption',
  'MenuListPopup',
  'ColorWell',
  'Date',
  'DateTime',
  'InputTime',
  'DisclosureTriangle',
  'PopUpButton',
]);
const NEVER_REF: ReadonlySet<string> = new Set(['RootWebArea', 'WebArea', 'StaticText', 'InlineTextBox']);
/** Wrappers that say nothing without a name, value or state (HTML-AAM maps div/span to generic). */
const NOISE_ROLES: ReadonlySet<string> = new Set(['generic', 'none', 'presentation', 'GenericContainer']);
/** Parts of a text run or list bullet that repeat what their parent already says. */
const DROPPED_ROLES: ReadonlySet<string> = new Set(['InlineTextBox', 'ListMarker', 'LineBreak']);

function text(v: { value?: unknown } | undefined): string {
  const x = v?.value;
  if (typeof x === 'string') return collapse(x).trim();
  if (typeof x === 'number' || typeof x === 'boolean') return String(x);
  return '';
}

function props(node: CdpAxNode): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const p of node.properties ?? []) out.set(p.name, p.value.value);
  return out;
}

/** Chrome's AX properties as the page tree's states (printed by shared/tree-print.ts, in its order). */
function statesOf(p: Map<string, unknown>): { ax: AxStates; editable: boolean } {
  const ax: AxStates = {};
  const editable = p.get('editable');
  const checked = p.get('checked');
  if (checked === 'true' || checked === true) ax.checked = 'true';
  else if (checked === 'false' || checked === false) ax.checked = 'false';
  else if (checked === 'mixed') ax.checked = 'mixed';
  const expanded = p.get('expanded');
  if (typeof expanded === 'boolean') ax.expanded = expanded;
  if (p.get('selected') === true) ax.selected = true;
  const pressed = p.get('pressed');
  if (pressed === 'true' || pressed === true) ax.pressed = 'true';
  else if (pressed === 'mixed') ax.pressed = 'mixed';
  if (p.get('disabled') === true) ax.disabled = true;
  if (p.get('required') === true) ax.required = true;
  if (p.get('readonly') === true) ax.readonly = true;
  const invalid = p.get('invalid');
  if (invalid !== undefined && invalid !== 'false' && invalid !== false) ax.invalid = true;
  if (p.get('focused') === true) ax.focused = true;
  const level = p.get('level');
  if (typeof level === 'number') ax.level = level;
  return { ax, editable: editable === 'plaintext' || editable === 'richtext' };
}

export function parseAxPayload(payload: unknown): Result<CdpAxNode[]> {
  const parsed = PayloadSchema.safeParse(payload);
  if (!parsed.success) return err('bad_reply', "Chrome's accessibility tree came back in an unexpected shape");
  return ok(Array.isArray(parsed.data) ? parsed.data : parsed.data.nodes);
}

/** Walks the payload depth-first from its roots and keeps what an agent needs to see. */
export function buildAxRecords(nodes: readonly CdpAxNode[]): AxRecords {
  const byId = new Map<string, CdpAxNode>();
  let duplicates = 0;
  for (const n of nodes) {
    if (byId.has(n.nodeId)) duplicates++;
    else byId.set(n.nodeId, n);
  }
  const isChild = new Set<string>();
  for (const n of byId.values()) for (const c of n.childIds ?? []) if (c !== n.nodeId) isChild.add(c);
  const records: AxRecord[] = [];
  const visited = new Set<string>();
  // An explicit stack: a 50k-element page nests deeper than a recursive walk would like.
  const walk = (rootId: string): void => {
    const stack: { id: string; depth: number; parent: number; names: readonly string[] }[] = [
      { id: rootId, depth: 0, parent: -1, names: [] },
    ];
    while (stack.length > 0) {
      const item = stack.pop();
      if (!item) break;
      const node = byId.get(item.id);
      if (!node || visited.has(item.id)) continue;
      visited.add(item.id);
      const kept = keep(node, item.names);
      let depth = item.depth;
      let parent = item.parent;
      let names = item.names;
      if (kept) {
        records.push({ ...kept, depth, parent });
        parent = records.length - 1;
        depth++;
        if (kept.name !== '') names = [...names, kept.name.toLowerCase()];
      }
      if (kept === null && DROPPED_ROLES.has(text(node.role))) continue;
      const children = node.childIds ?? [];
      for (let i = children.length - 1; i >= 0; i--) {
        const id = children[i];
        if (id !== undefined) stack.push({ id, depth, parent, names });
      }
    }
  };
  for (const n of byId.values()) if (!isChild.has(n.nodeId)) walk(n.nodeId);
  // Nodes no root reaches (a payload cut by Chrome mid-mutation) still print, at the top level.
  for (const n of byId.values()) if (!visited.has(n.nodeId)) walk(n.nodeId);
  return { records, duplicates, nodeCount: nodes.length };
}

/** The record for a node, or null when the node is dropped (its children may still print). */
function keep(node: CdpAxNode, ancestorNames: readonly string[]): Omit<AxRecord, 'depth' | 'parent'> | null {
  if (node.ignored) return null;
  const chromeRole = text(node.role);
  if (chromeRole === '' || DROPPED_ROLES.has(chromeRole)) return null;
  const name = text(node.name);
  const value = text(node.value);
  const p = props(node);
  const { ax, editable } = statesOf(p);
  const states = stateWords(ax, chromeRole, editable, true);
  const focusable = p.get('focusable') === true;
  // A wrapper whose only state is editable is the inner editor of a text field whose line says it all.
  const significant = states.some((s) => s !== 'editable');
  if (NOISE_ROLES.has(chromeRole) && name === '' && value === '' && !significant && !focusable) return null;
  if (chromeRole === 'LabelText' && name === '') return null;
  // A text run that repeats its button's or link's name says nothing new.
  if (chromeRole === 'StaticText' && (name === '' || ancestorNames.includes(name.toLowerCase()))) return null;
  const actionable =
    node.backendDOMNodeId !== undefined &&
    node.backendDOMNodeId > 0 &&
    !NEVER_REF.has(chromeRole) &&
    (ACTIONABLE_ROLES.has(chromeRole) || focusable);
  return {
    role: chromeRole === 'StaticText' ? 'text' : chromeRole,
    name,
    value,
    ax,
    editable,
    states,
    backendId: node.backendDOMNodeId,
    actionable,
  };
}

/** The records of the subtree rooted at record `root` (itself first), depths rebased to 0. */
export function subtreeOf(records: readonly AxRecord[], root: number): AxRecord[] {
  const base = records[root];
  if (!base) return [];
  const out: AxRecord[] = [{ ...base, depth: 0, parent: -1 }];
  const map = new Map<number, number>([[root, 0]]);
  for (let i = root + 1; i < records.length; i++) {
    const r = records[i];
    if (!r || r.depth <= base.depth) break;
    const parent = map.get(r.parent) ?? 0;
    map.set(i, out.length);
    out.push({ ...r, depth: r.depth - base.depth, parent });
  }
  return out;
}
