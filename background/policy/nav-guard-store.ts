/**
 * The navigation guard's record of each running task (chrome.storage.session, so a worker restart
 * keeps it) and the one place its declarativeNetRequest session rules are installed
 * (background/policy/nav-rules.ts builds them). navigation-guard.ts decides when.
 */
import { z } from 'zod';
import type { OriginState } from './origin-policy';
import { buildGuardRules, httpOrigins, ruleCount } from './nav-rules';

type Rule = chrome.declarativeNetRequest.Rule;

const STORE_KEY = 'navGuard';

const GuardStoreSchema = z.record(
  z.string(),
  z.object({
    /** The task's tabs: where it started and the tabs it opened. */
    tabIds: z.array(z.number()),
    ruleIds: z.array(z.number()),
    /** The task's allowed http(s) origins, to judge the tabs its pages open. */
    origins: z.array(z.string()),
    /** Blocked navigations not yet told to the model. */
    notes: z.array(z.string()),
    /** Hosts of frames seen in the task's tabs: initiators the block rule covers too. */
    frameHosts: z.array(z.string()).default([]),
    /** Tabs not the task's: open when it started, or opened by the user since (user-tabs.ts). */
    excludedTabIds: z.array(z.number()).default([]),
  }),
);
type GuardStore = z.infer<typeof GuardStoreSchema>;

/**
 * The store as this worker last read or wrote it (issue 26: the agent loop takes the navigation notes
 * after every call, and every frame commit in any tab looks its tab up here; a storage read and a
 * parse each time was per-call overhead). Storage stays the truth across a worker restart: every
 * write goes through, and a fresh worker starts without this copy and reads storage. This module is
 * the store's only writer, so the copy cannot fall behind it. Callers get their own copy: they change
 * what they loaded before saving it.
 */
let memory: GuardStore | null = null;

export async function loadStore(): Promise<GuardStore> {
  if (memory) return structuredClone(memory);
  const got = await chrome.storage.session.get(STORE_KEY);
  const parsed = GuardStoreSchema.safeParse(got[STORE_KEY]);
  // A save that finished while storage was read is newer: keep it.
  memory ??= parsed.success ? parsed.data : {};
  return structuredClone(memory);
}

export async function saveStore(store: GuardStore): Promise<void> {
  // Memory first, as the write is already under way: a load meanwhile sees what is being written.
  const mine = structuredClone(store);
  memory = mine;
  try {
    await chrome.storage.session.set({ [STORE_KEY]: store });
  } catch (e) {
    // Not written: the next load reads storage again rather than trust a copy storage never held.
    if (memory === mine) memory = null;
    throw e;
  }
}

/** One rule update at a time: two tasks allocating ids at once would collide. */
let chain: Promise<unknown> = Promise.resolve();
export function serial<T>(fn: () => Promise<T>): Promise<T> {
  const next = chain.then(fn, fn);
  chain = next.catch(() => undefined);
  return next;
}

/** The http(s) hosts of every frame in the tabs (child frames of other sites included). */
async function hostsOfFrames(tabIds: readonly number[]): Promise<string[]> {
  const hosts = new Set<string>();
  for (const tabId of tabIds) {
    const frames = await chrome.webNavigation.getAllFrames({ tabId }).catch(() => null);
    for (const f of frames ?? []) {
      const host = httpHost(f.url);
      if (host) hosts.add(host);
    }
  }
  return [...hosts];
}

export function httpHost(url: string): string | null {
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.hostname : null;
  } catch {
    return null;
  }
}

/** Every tab open now: at a task's start, none of them but its own is the task's. */
async function openTabIds(): Promise<number[]> {
  const tabs = await chrome.tabs.query({});
  return tabs.flatMap((t) => (t.id === undefined ? [] : [t.id]));
}

export async function replaceRules(
  taskId: string,
  tabIds: number[],
  state: OriginState | null,
  moreExcluded: readonly number[] = [],
): Promise<void> {
  const store = await loadStore();
  const old = store[taskId];
  const frameHosts = state ? [...new Set([...(old?.frameHosts ?? []), ...(await hostsOfFrames(tabIds))])] : [];
  const before = old ? old.excludedTabIds : state ? await openTabIds() : [];
  // A tab the task adopted is the task's from then on, whatever it was before.
  const excludedTabIds = [...new Set([...before, ...moreExcluded])].filter((t) => !tabIds.includes(t));
  const existing = await chrome.declarativeNetRequest.getSessionRules();
  const used = new Set(existing.map((r) => r.id));
  for (const id of old?.ruleIds ?? []) used.delete(id);
  const rules: Rule[] = [];
  if (state) {
    const count = ruleCount(state);
    const ids: number[] = [];
    for (let id = 1; ids.length < count; id++) if (!used.has(id)) ids.push(id);
    rules.push(...buildGuardRules(state, ids, excludedTabIds, frameHosts));
  }
  await chrome.declarativeNetRequest.updateSessionRules({ removeRuleIds: old?.ruleIds ?? [], addRules: rules });
  const others = Object.fromEntries(Object.entries(store).filter(([t]) => t !== taskId));
  await saveStore(
    state
      ? {
          ...others,
          [taskId]: {
            tabIds,
            ruleIds: rules.map((r) => r.id),
            origins: httpOrigins(state).map((u) => u.origin),
            notes: old?.notes ?? [],
            frameHosts,
            excludedTabIds,
          },
        }
      : others,
  );
}

/** A stored entry's rules rebuilt: its origins are the allowed http(s) ones (start first). */
export const storedState = (origins: string[]): OriginState => ({ start: 'null', approved: origins });
