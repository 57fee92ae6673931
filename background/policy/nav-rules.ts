/**
 * The declarativeNetRequest session rules of one task's origin guard (issue 24 items 2 and 6). Pure,
 * for unit tests; background/policy/navigation-guard.ts installs them.
 *
 * Two kinds of loads are guarded, both `main_frame` only:
 *  - every top-level load in every tab except those known not to be the task's (`excludedTabIds`:
 *    the tabs open when the task started and the tabs the user opened since), whatever started it
 *    (a tool, a link, a form, a script, a meta refresh, a history step that reaches the network).
 *    Tab conditions match loads the browser starts itself (chrome.tabs.update, which
 *    `initiatorDomains` never matches) and every hop of a redirect chain, since DNR evaluates each
 *    redirect target as a new request before it is sent (https://developer.chrome.com/docs/extensions/reference/api/declarativeNetRequest#matching-algorithm).
 *    Excluding rather than listing tabs covers a tab created during the task from its first
 *    request, before anything knows whose it is: a popup of a sandboxed or srcdoc frame (an
 *    opaque initiator, which `initiatorDomains` never matches) included. `excludedTabIds` is
 *    session-rule only (RuleCondition docs); TAB_ID_NONE in it leaves requests of no tab alone;
 *  - top-level loads in other tabs initiated by the task's hosts (window.open, target=_blank from
 *    a tab the user had open before).
 * Allows match the exact origin, scheme included: an approved https origin does not let the same
 * host over http pass (a downgrade puts the data on the wire in clear, to whoever answers there).
 */
import type { OriginState } from './origin-policy';

type Rule = chrome.declarativeNetRequest.Rule;

const BLOCK_PRIORITY = 1;
const ALLOW_PRIORITY = 2;
const MAIN_FRAME = ['main_frame' as chrome.declarativeNetRequest.ResourceType];
const BLOCK = { type: 'block' as chrome.declarativeNetRequest.RuleActionType };
const ALLOW = { type: 'allow' as chrome.declarativeNetRequest.RuleActionType };

/** Escapes a string for RE2 (the regex syntax DNR's `regexFilter` uses). */
function escapeRe2(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

/** The task's allowed http(s) origins (start first), as URLs. */
export function httpOrigins(state: OriginState): URL[] {
  const out: URL[] = [];
  for (const o of [state.start, ...state.approved]) {
    try {
      const u = new URL(o);
      if (u.protocol === 'http:' || u.protocol === 'https:') out.push(u);
    } catch {
      // "null" (the task started on a non-web page): nothing to allow or guard.
    }
  }
  return out;
}

/** How many rule ids buildGuardRules needs for this state. */
export function ruleCount(state: OriginState): number {
  const n = httpOrigins(state).length;
  return n === 0 ? 0 : 2 * (1 + n);
}

/** Requests that belong to no tab (chrome.tabs.TAB_ID_NONE; a constant, for unit tests without chrome). */
const TAB_ID_NONE = -1;

/**
 * Block, then allow each allowed origin, once per condition (every tab but the excluded ones; the
 * task's hosts as initiators). `url.origin` omits a default port, as the request URL does; the regex ends the
 * origin at `/` so `http://a.example:80` cannot prefix-match `http://a.example:8080`.
 */
export function buildGuardRules(
  state: OriginState,
  ids: readonly number[],
  excludedTabIds: readonly number[],
  frameHosts: readonly string[] = [],
): Rule[] {
  const origins = httpOrigins(state);
  if (origins.length === 0) return [];
  const need = ruleCount(state);
  if (ids.length < need) throw new Error(`buildGuardRules: ${need} rule ids needed, ${ids.length} given`);
  const hosts = [...new Set([...origins.map((u) => u.hostname), ...frameHosts].map((h) => h.replace(/^\[|\]$/g, '')))];
  const conditions: chrome.declarativeNetRequest.RuleCondition[] = [
    { excludedTabIds: [...new Set([...excludedTabIds, TAB_ID_NONE])], resourceTypes: MAIN_FRAME },
    { initiatorDomains: hosts, resourceTypes: MAIN_FRAME },
  ];
  const rules: Rule[] = [];
  let next = 0;
  const id = (): number => ids[next++] ?? 0;
  for (const condition of conditions) {
    rules.push({ id: id(), priority: BLOCK_PRIORITY, action: BLOCK, condition });
    for (const u of origins)
      rules.push({
        id: id(),
        priority: ALLOW_PRIORITY,
        action: ALLOW,
        condition: { ...condition, regexFilter: `^${escapeRe2(u.origin)}/` },
      });
  }
  return rules;
}
