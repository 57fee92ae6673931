/**
 * The origins a task may take its tab to: the origin it started on, plus each origin the user
 * approved during the task. Anything else asks first, showing the whole URL, because page text can
 * steer the agent to an attacker URL that carries data in its path or query. Pure: the task record
 * (background/agent/task/state-store.ts) holds the state, so it survives a worker restart.
 */
import { cut } from '../../shared/text';

export interface OriginState {
  /** Origin of the tab when the task started ("null" when it was not a web page). */
  start: string;
  /** Origins the user approved in this task. */
  approved: string[];
}

export type NavVerdict =
  { kind: 'free' } | { kind: 'ask'; origin: string; description: string } | { kind: 'refuse'; message: string };

const URL_CAP = 300;

/** RFC 1918 / RFC 3927 / RFC 4193 / loopback hosts, and mDNS `.local` names (RFC 6762). */
export function isPrivateHost(hostname: string): boolean {
  const h = hostname
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '');
  if (h === 'localhost' || h.endsWith('.localhost') || h.endsWith('.local')) return true;
  if (h === '::1' || h === '::') return true;
  // fc00::/7 (unique local) and fe80::/10 (link local).
  if (/^f[cd][0-9a-f]{0,2}:/.test(h) || /^fe[89ab][0-9a-f]?:/.test(h)) return true;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(h);
  const v4 = /^(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(mapped?.[1] ?? h);
  if (!v4) return false;
  const [a, b] = [Number(v4[1]), Number(v4[2])];
  return (
    a === 127 ||
    a === 10 ||
    a === 0 ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 169 && b === 254)
  );
}

function cap(url: string): string {
  return cut(url, URL_CAP);
}

/** Starts the task's origin state from the tab's URL. */
export function startOrigins(tabUrl: string | undefined): OriginState {
  let start = 'null';
  try {
    if (tabUrl) start = new URL(tabUrl).origin;
  } catch {
    // Not a URL: no origin is free.
  }
  return { start, approved: [] };
}

/** Text read on another origin that a URL carries (background/policy/url-provenance.ts). */
interface CarriedText {
  from: string;
  token: string;
}

/**
 * Judges one navigation of the task's tab (navigate, promote_iframe, a new tab, a link). Same-origin
 * and approved origins are free unless the URL carries text read on another origin (`carried`);
 * other http(s) origins ask; other schemes are refused. The approval text holds the whole URL (the
 * panel scrolls it): a payload past any cut would be approved unseen (red-team `nav-long-url`).
 */
export function judgeNavigation(
  rawUrl: string,
  state: OriginState,
  verb = 'Open',
  carried: CarriedText | null = null,
): NavVerdict {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    return {
      kind: 'refuse',
      message: `"${cap(rawUrl)}" is not an absolute URL; pass one like https://example.com/page`,
    };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return { kind: 'refuse', message: `only http(s) URLs can be opened, not ${url.protocol} ones` };
  const origin = url.origin;
  const carries = carried ? `; it carries text read on ${carried.from} ("${cap(carried.token)}")` : '';
  if (origin === state.start || state.approved.includes(origin)) {
    if (!carried) return { kind: 'free' };
    return { kind: 'ask', origin, description: `${verb} this address${carries}:\n${url.href}` };
  }
  const privateNote = isPrivateHost(url.hostname) ? ' (a local or private-network address)' : '';
  // The address on its own line: the panel shows what follows the first line whole, in a scrolling box.
  return {
    kind: 'ask',
    origin,
    description: `${verb} this address, another site than this task's${privateNote}${carries}:\n${url.href}`,
  };
}

/**
 * The sites of an approved plan become approved origins, except local and private-network ones
 * (issue 24 item 5): a plan is the model's text, and a loopback or LAN address it lists (a router,
 * a dev server) still asks when the task goes there. The task's own start origin stays free.
 */
export function approvePlanSites(state: OriginState, sites: readonly string[]): OriginState {
  let next = state;
  for (const site of sites) {
    let host: string;
    try {
      host = new URL(site).hostname;
    } catch {
      continue;
    }
    if (site !== state.start && isPrivateHost(host)) continue;
    next = approveOrigin(next, site);
  }
  return next;
}

/** Records an origin the user approved for the rest of the task. */
export function approveOrigin(state: OriginState, origin: string): OriginState {
  return state.approved.includes(origin) ? state : { ...state, approved: [...state.approved, origin] };
}

/** Takes back origins the user approved (never the start origin: that is where the task began). */
export function withdrawOrigins(state: OriginState, origins: readonly string[]): OriginState {
  const approved = state.approved.filter((o) => !origins.includes(o));
  return approved.length === state.approved.length ? state : { ...state, approved };
}
