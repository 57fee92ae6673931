import type { CDPSession } from 'playwright-core';
import { z } from 'zod';
import { parseAxPayload } from '../../../shared/cdp-ax-records';
import { squish } from '../../../shared/text';

/** Chrome's own accessibility node for a DOM element, as `Accessibility.getFullAXTree` reports it. */
export interface ChromeAxNode {
  backendId: number;
  role: string;
  name: string;
  ignored: boolean;
  focusable: boolean;
}

/** Whitespace as Chrome's accname output shows it: runs collapsed, ends trimmed. */
export const normalizeText = squish;

/**
 * Chrome's internal role names folded onto the ARIA role names the tree prints
 * (ax_enums.mojom → WAI-ARIA 1.3 / HTML-AAM). Roles already named the ARIA way pass through.
 */
const CHROME_ROLE_ALIASES: Readonly<Record<string, string>> = {
  img: 'image',
  Iframe: 'iframe',
  IframePresentational: 'iframe',
  DisclosureTriangle: 'button',
  SectionWithoutName: 'generic',
  LabelText: 'generic',
  Section: 'generic',
  MenuListPopup: 'listbox',
  MenuListOption: 'option',
  ListMarker: 'none',
};

export function normalizeRole(role: string): string {
  return CHROME_ROLE_ALIASES[role] ?? role;
}

/** Widget roles a person can operate (WAI-ARIA 1.2 §5.3.3 widget subclasses, minus containers). */
export const INTERACTIVE_ROLES: ReadonlySet<string> = new Set([
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
]);

/** Every DOM-backed node of the top frame's accessibility tree, keyed by backend DOM node id. */
export async function chromeAxNodes(cdp: CDPSession): Promise<Map<number, ChromeAxNode>> {
  return chromeAxNodesOf(await cdp.send('Accessibility.getFullAXTree', {}));
}

/** The same from a getFullAXTree reply already in hand (chrome_ax_tree's recovery payload). */
export function chromeAxNodesOf(payload: unknown): Map<number, ChromeAxNode> {
  // The worker's own parser (shared/cdp-ax-records.ts), so the test reads the payload as chrome_ax_tree does.
  const parsed = parseAxPayload(payload);
  if (!parsed.ok) throw new Error(parsed.error.message);
  const out = new Map<number, ChromeAxNode>();
  for (const n of parsed.data) {
    if (n.backendDOMNodeId === undefined) continue;
    const role = typeof n.role?.value === 'string' ? n.role.value : '';
    const name = typeof n.name?.value === 'string' ? n.name.value : '';
    const focusable = n.properties?.some((p) => p.name === 'focusable' && p.value.value === true) ?? false;
    // A DOM node can own several AX nodes (e.g. a list marker); the first is the element's own.
    if (!out.has(n.backendDOMNodeId)) {
      out.set(n.backendDOMNodeId, {
        backendId: n.backendDOMNodeId,
        role,
        name: normalizeText(name),
        ignored: n.ignored ?? false,
        focusable,
      });
    }
  }
  return out;
}

const BoxModel = z.object({ model: z.object({ width: z.number(), height: z.number() }).loose() });

/** True when the node has a rendered, non-empty box (what a person could see or click). */
export async function hasVisibleBox(cdp: CDPSession, backendNodeId: number): Promise<boolean> {
  try {
    const { model } = BoxModel.parse(await cdp.send('DOM.getBoxModel', { backendNodeId }));
    return model.width > 0 && model.height > 0;
  } catch {
    return false;
  }
}

const Describe = z.object({
  node: z.object({ nodeName: z.string(), attributes: z.array(z.string()).optional() }).loose(),
});

/** A short `tag#id.class` label for a backend node, for readable failure lists. */
export async function nodeLabel(cdp: CDPSession, backendNodeId: number): Promise<string> {
  try {
    const { node } = Describe.parse(await cdp.send('DOM.describeNode', { backendNodeId }));
    const attrs = node.attributes ?? [];
    const get = (k: string) => {
      const i = attrs.indexOf(k);
      return i >= 0 && i % 2 === 0 ? attrs[i + 1] : undefined;
    };
    const id = get('id');
    const cls = get('class')?.split(/\s+/)[0];
    return `${node.nodeName.toLowerCase()}${id ? `#${id}` : ''}${cls ? `.${cls}` : ''}`;
  } catch {
    return `node ${backendNodeId}`;
  }
}

const Resolved = z.object({ object: z.object({ objectId: z.string().optional() }).loose() });
const CallReply = z.object({
  result: z.object({ objectId: z.string().optional(), subtype: z.string().optional() }).loose(),
});
const ShadowRootInfo = z.object({ node: z.object({ shadowRootType: z.string().optional() }).loose() });
const BackendOf = z.object({ node: z.object({ backendNodeId: z.number() }).loose() });

/**
 * The host element when the node lives in a user-agent shadow root (the month/day/year fields and
 * the picker button inside `<input type="date">`, media controls): pages and extensions cannot
 * reach those parts, so the host's ref is how an agent operates them. Null otherwise.
 */
export async function userAgentShadowHost(cdp: CDPSession, backendNodeId: number): Promise<number | null> {
  try {
    const { object } = Resolved.parse(await cdp.send('DOM.resolveNode', { backendNodeId }));
    if (!object.objectId) return null;
    const root = CallReply.parse(
      await cdp.send('Runtime.callFunctionOn', {
        objectId: object.objectId,
        functionDeclaration: 'function () { let n = this; while (n && n.nodeType !== 11) n = n.parentNode; return n; }',
      }),
    ).result;
    if (!root.objectId) return null;
    const info = ShadowRootInfo.parse(await cdp.send('DOM.describeNode', { objectId: root.objectId }));
    if (info.node.shadowRootType !== 'user-agent') return null;
    const host = CallReply.parse(
      await cdp.send('Runtime.callFunctionOn', {
        objectId: root.objectId,
        functionDeclaration: 'function () { return this.host; }',
      }),
    ).result;
    if (!host.objectId) return null;
    return BackendOf.parse(await cdp.send('DOM.describeNode', { objectId: host.objectId })).node.backendNodeId;
  } catch {
    return null;
  }
}
