import * as z from 'zod/mini';
import { TierSchema } from '../shared/modes';
import { err, ok, type Result } from '../shared/result';
import {
  DEFAULT_MCP,
  McpSettingsSchema,
  type McpSettings,
  ProviderIdSchema,
  SettingsSchema,
  type ProviderId,
  type PublicSettings,
  type Settings,
} from '../shared/settings';
import { PROVIDERS } from '../shared/providers';
import { defaultsFor } from '../shared/model-catalog';
import { planFirstByDefault } from '../shared/plan-first';
import type { TaskBudget } from '../shared/task-budget';

export const STORAGE_KEY = 'wb.settings.v1';

/**
 * What chrome.storage.local holds. Keys are kept per provider, so switching from Anthropic to
 * OpenAI and back does not make the user paste a key again. Never chrome.storage.sync: keys must
 * not travel to other machines.
 */
const StoredSettingsSchema = z.object({
  provider: ProviderIdSchema,
  model: z.string().check(z.minLength(1)),
  baseURL: z.optional(z.string()),
  tier: z.optional(TierSchema),
  contextWindow: z.optional(z.number()),
  vision: z.optional(z.boolean()),
  compaction: z.optional(z.boolean()),
  planFirst: z.optional(z.boolean()),
  budgetTokens: z.optional(z.number()),
  budgetUsd: z.optional(z.number()),
  mcp: z.optional(McpSettingsSchema),
  networkBodies: z.optional(z.boolean()),
  apiKeys: z.record(z.string(), z.string()),
});
type StoredSettings = z.infer<typeof StoredSettingsSchema>;

/** Settings with every default applied: what the agent runs with. */
export interface EffectiveSettings {
  provider: ProviderId;
  model: string;
  apiKey?: string;
  /** Absent only for a server the user must name (openai-compatible) and has not yet. */
  baseURL?: string;
  tier: Settings['tier'] & string;
  contextWindow: number;
  /** True when tier/contextWindow came from the user rather than the model table. */
  tierFromUser: boolean;
  /** Whether the model sees images: the user's setting, else the model table's default. */
  vision: boolean;
  visionFromUser: boolean;
  /** Context compaction on (the default) or off (shared/settings.ts). */
  compaction: boolean;
  compactionFromUser: boolean;
  /** Whether Act/Dev tasks propose a plan before their first change: the user's setting, else by tier. */
  planFirst: boolean;
  planFirstFromUser: boolean;
  /** The default task budget (shared/task-budget.ts); a run may carry its own. */
  budget: TaskBudget;
  /** The MCP bridge (docs/mcp.md); off by default. */
  mcp: McpSettings;
  mcpFromUser: boolean;
  /** Response bodies kept for `network_body`: off unless the user turned them on. */
  networkBodies: boolean;
}

const DEFAULT_STORED: StoredSettings = { provider: 'openai', model: PROVIDERS.openai.defaultModel, apiKeys: {} };

/**
 * The stored record, read once per worker and kept until storage reports a change (issue 26: every
 * task and every console call reads the settings; a storage round trip each time is per-call
 * overhead). chrome.storage.onChanged fires for every writer (the panel, another window, the
 * console), so the copy never outlives the record it was read from.
 */
let stored: Promise<StoredSettings> | null = null;

async function readStored(): Promise<StoredSettings> {
  const mine = (stored ??= readStoredFresh());
  try {
    return await mine;
  } catch (e) {
    // A failed read (worker shutting down) is not kept: the next call reads again.
    if (stored === mine) stored = null;
    throw e;
  }
}

async function readStoredFresh(): Promise<StoredSettings> {
  const raw: Record<string, unknown> = await chrome.storage.local.get(STORAGE_KEY);
  const parsed = StoredSettingsSchema.safeParse(raw[STORAGE_KEY]);
  return parsed.success ? parsed.data : salvage(raw[STORAGE_KEY]);
}

// Registered at module load (top level of the worker's import graph), as MV3 requires for listeners.
// The local area's own event, not chrome.storage.onChanged: Chrome sends an event only to contexts
// listening for it, and storage.onChanged carries every chrome.storage.session write (the task
// record before each call, the provenance ledger, the latest tree) with its old and new values,
// deserialised on the worker's thread while the agent's next call waits (issue 26).
if (typeof chrome !== 'undefined' && chrome.storage?.local?.onChanged) {
  chrome.storage.local.onChanged.addListener((changes) => {
    if (STORAGE_KEY in changes) stored = null;
  });
}

/**
 * A stored record that no longer parses (hand-edited, or written by another version) must not cost
 * the user their keys: keep every field that is still valid on its own, default the rest. The next
 * save then writes a clean record that still holds them.
 */
export function salvage(stored: unknown): StoredSettings {
  if (typeof stored !== 'object' || stored === null) return DEFAULT_STORED;
  const field = (key: string): unknown => Reflect.get(stored, key);
  const provider = ProviderIdSchema.safeParse(field('provider'));
  const model = z.string().check(z.minLength(1)).safeParse(field('model'));
  const keys = z.record(z.string(), z.unknown()).safeParse(field('apiKeys'));
  const apiKeys = Object.fromEntries(
    Object.entries(keys.success ? keys.data : {}).filter((e): e is [string, string] => typeof e[1] === 'string'),
  );
  const base = provider.success
    ? { provider: provider.data, model: model.success ? model.data : PROVIDERS[provider.data].defaultModel }
    : { provider: DEFAULT_STORED.provider, model: DEFAULT_STORED.model };
  const baseURL = z.string().safeParse(field('baseURL'));
  const tier = TierSchema.safeParse(field('tier'));
  const contextWindow = z.number().safeParse(field('contextWindow'));
  const vision = z.boolean().safeParse(field('vision'));
  const compaction = z.boolean().safeParse(field('compaction'));
  const planFirst = z.boolean().safeParse(field('planFirst'));
  const budgetTokens = z.number().safeParse(field('budgetTokens'));
  const budgetUsd = z.number().safeParse(field('budgetUsd'));
  const mcp = McpSettingsSchema.safeParse(field('mcp'));
  const networkBodies = z.boolean().safeParse(field('networkBodies'));
  return {
    ...base,
    ...(baseURL.success ? { baseURL: baseURL.data } : {}),
    ...(tier.success ? { tier: tier.data } : {}),
    ...(contextWindow.success ? { contextWindow: contextWindow.data } : {}),
    ...(vision.success ? { vision: vision.data } : {}),
    ...(compaction.success ? { compaction: compaction.data } : {}),
    ...(planFirst.success ? { planFirst: planFirst.data } : {}),
    ...(budgetTokens.success ? { budgetTokens: budgetTokens.data } : {}),
    ...(budgetUsd.success ? { budgetUsd: budgetUsd.data } : {}),
    ...(mcp.success ? { mcp: mcp.data } : {}),
    ...(networkBodies.success ? { networkBodies: networkBodies.data } : {}),
    apiKeys,
  };
}

export function resolveSettings(stored: StoredSettings): EffectiveSettings {
  const profile = defaultsFor(stored.provider, stored.model);
  const tier = stored.tier ?? profile.tier;
  const apiKey = stored.apiKeys[stored.provider];
  const baseURL = stored.baseURL ?? PROVIDERS[stored.provider].defaultBaseURL;
  return {
    provider: stored.provider,
    model: stored.model,
    ...(apiKey ? { apiKey } : {}),
    ...(baseURL !== undefined ? { baseURL } : {}),
    tier,
    contextWindow: stored.contextWindow ?? profile.contextWindow,
    tierFromUser: stored.tier !== undefined,
    vision: stored.vision ?? profile.vision,
    visionFromUser: stored.vision !== undefined,
    compaction: stored.compaction ?? true,
    compactionFromUser: stored.compaction !== undefined,
    planFirst: stored.planFirst ?? planFirstByDefault(tier),
    planFirstFromUser: stored.planFirst !== undefined,
    budget: {
      ...(stored.budgetTokens !== undefined ? { tokens: stored.budgetTokens } : {}),
      ...(stored.budgetUsd !== undefined ? { usd: stored.budgetUsd } : {}),
    },
    mcp: stored.mcp ?? DEFAULT_MCP,
    mcpFromUser: stored.mcp !== undefined,
    networkBodies: stored.networkBodies ?? false,
  };
}

export async function loadSettings(): Promise<EffectiveSettings> {
  return resolveSettings(await readStored());
}

/** A hint that lets a person recognise which key is stored without revealing it. */
function keyHint(key: string): string {
  return key.length >= 12 ? `…${key.slice(-4)}` : '…';
}

export function toPublic(s: EffectiveSettings): PublicSettings {
  return {
    provider: s.provider,
    model: s.model,
    baseURL: s.baseURL,
    tier: s.tier,
    contextWindow: s.contextWindow,
    vision: s.vision,
    visionFromUser: s.visionFromUser,
    planFirst: s.planFirst,
    planFirstFromUser: s.planFirstFromUser,
    ...(s.compactionFromUser ? { compaction: s.compaction } : {}),
    ...(s.budget.tokens !== undefined ? { budgetTokens: s.budget.tokens } : {}),
    ...(s.budget.usd !== undefined ? { budgetUsd: s.budget.usd } : {}),
    // Like compaction: only the user's choice, so saving the form never pins the default.
    ...(s.mcpFromUser ? { mcp: s.mcp } : {}),
    ...(s.networkBodies ? { networkBodies: true } : {}),
    hasApiKey: Boolean(s.apiKey),
    ...(s.apiKey ? { apiKeyHint: keyHint(s.apiKey) } : {}),
  };
}

export async function getPublicSettings(): Promise<PublicSettings> {
  return toPublic(await loadSettings());
}

/**
 * Merges what the user submitted into what is stored: an omitted apiKey keeps the stored key of
 * that provider, an empty one removes it. An omitted baseURL means the provider's default.
 */
export function mergeSettings(stored: StoredSettings, next: Settings): StoredSettings {
  let apiKeys = { ...stored.apiKeys };
  if (next.apiKey !== undefined) {
    const trimmed = next.apiKey.trim();
    if (trimmed) apiKeys[next.provider] = trimmed;
    else apiKeys = Object.fromEntries(Object.entries(apiKeys).filter(([provider]) => provider !== next.provider));
  }
  return {
    provider: next.provider,
    model: next.model.trim(),
    ...(next.baseURL ? { baseURL: next.baseURL } : {}),
    ...(next.tier ? { tier: next.tier } : {}),
    ...(next.contextWindow ? { contextWindow: next.contextWindow } : {}),
    ...(next.vision !== undefined ? { vision: next.vision } : {}),
    ...(next.compaction !== undefined ? { compaction: next.compaction } : {}),
    ...(next.planFirst !== undefined ? { planFirst: next.planFirst } : {}),
    ...(next.budgetTokens !== undefined ? { budgetTokens: next.budgetTokens } : {}),
    ...(next.budgetUsd !== undefined ? { budgetUsd: next.budgetUsd } : {}),
    // The panel's provider form does not carry it: absent keeps the user's earlier choice.
    ...((next.mcp ?? stored.mcp) ? { mcp: next.mcp ?? stored.mcp } : {}),
    // Not on the panel's form either: absent keeps the user's earlier choice.
    ...((next.networkBodies ?? stored.networkBodies) !== undefined
      ? { networkBodies: next.networkBodies ?? stored.networkBodies }
      : {}),
    apiKeys,
  };
}

export async function saveSettings(raw: unknown): Promise<Result<PublicSettings>> {
  const parsed = SettingsSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue && issue.path.length > 0 ? issue.path.join('.') : 'settings';
    return err(
      'bad_settings',
      `invalid settings (${where}: ${issue?.message ?? 'unknown'}). Expected {provider: ${ProviderIdSchema.options.join('|')}, model, apiKey?, baseURL?, tier?: compact|mid|full, contextWindow?, vision?: true|false, compaction?: true|false, planFirst?: true|false, budgetTokens?, budgetUsd?, mcp?: {enabled: true|false, mode: ask|act|dev}, networkBodies?: true|false}`,
    );
  }
  const merged = mergeSettings(await readStored(), parsed.data);
  stored = null;
  await chrome.storage.local.set({ [STORAGE_KEY]: merged });
  // Again after the write: a read that started during it may have cached the old record.
  stored = null;
  return ok(toPublic(resolveSettings(merged)));
}

/** Settings for a one-off call (test_connection with unsaved settings), keys merged the same way. */
export async function previewSettings(raw: Settings): Promise<EffectiveSettings> {
  return resolveSettings(mergeSettings(await readStored(), raw));
}
