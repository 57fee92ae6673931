import * as z from 'zod/mini';
import { ModeSchema, TierSchema } from './modes';

export const ProviderIdSchema = z.enum([
  'openai',
  'anthropic',
  'google',
  'openrouter',
  'ollama',
  'lmstudio',
  'openai-compatible',
]);
export type ProviderId = z.infer<typeof ProviderIdSchema>;

/**
 * The user's provider settings, kept in chrome.storage.local (never synced). The API key goes
 * only to its provider and is redacted from every log, trace and error.
 */
/**
 * The MCP bridge (docs/mcp.md): off until the user turns it on; `mode` is what a coding agent may do
 * (the panel's modes: Ask reads only, Act adds page actions, Dev adds JavaScript).
 */
export const McpSettingsSchema = z.object({ enabled: z.boolean(), mode: ModeSchema });
export type McpSettings = z.infer<typeof McpSettingsSchema>;
export const DEFAULT_MCP: McpSettings = { enabled: false, mode: 'ask' };

export const SettingsSchema = z.object({
  provider: ProviderIdSchema,
  model: z.string().check(z.minLength(1)),
  apiKey: z.optional(z.string()),
  baseURL: z.optional(z.string().check(z.url())),
  tier: z.optional(TierSchema),
  contextWindow: z.optional(z.number().check(z.int(), z.positive())),
  /** Whether the model sees images (offers `screenshot`); absent: the model table's default (shared/model-catalog.ts). */
  vision: z.optional(z.boolean()),
  /**
   * Context compaction (background/agent/loop/compaction.ts); absent means on. Off sends every request
   * whole, so a long task fails when the provider refuses it as too long.
   */
  compaction: z.optional(z.boolean()),
  /** Plan first in Act/Dev (docs/long-tasks.md); absent: on for Compact/Mid models, off for Full (shared/plan-first.ts). */
  planFirst: z.optional(z.boolean()),
  /** Default task budget (shared/task-budget.ts): a token ceiling per task; absent: none. */
  budgetTokens: z.optional(z.number().check(z.int(), z.positive(), z.maximum(1_000_000_000))),
  /** Default task budget: an estimated-cost ceiling in US dollars, checked when the model's price is known; absent: none. */
  budgetUsd: z.optional(z.number().check(z.positive(), z.maximum(1000))),
  /** Absent: keep what is stored (the default is off). */
  mcp: z.optional(McpSettingsSchema),
  /**
   * Keep response bodies of a task's tab for `network_body` (docs/seeds.md); absent means off. On, the
   * task's tab has the debugger attached while the task runs (Chrome shows its banner).
   */
  networkBodies: z.optional(z.boolean()),
});
export type Settings = z.infer<typeof SettingsSchema>;

/** What the panel may show: everything but the key itself. */
export const PublicSettingsSchema = z.object({
  provider: ProviderIdSchema,
  model: z.string(),
  baseURL: z.optional(z.string()),
  tier: TierSchema,
  contextWindow: z.number(),
  vision: z.optional(z.boolean()),
  /** True when `vision` is the user's choice rather than the model table's default. */
  visionFromUser: z.optional(z.boolean()),
  planFirst: z.optional(z.boolean()),
  /** True when `planFirst` is the user's choice rather than the tier's default. */
  planFirstFromUser: z.optional(z.boolean()),
  /** The user's compaction choice; absent means the default (on), so the form never pins it. */
  compaction: z.optional(z.boolean()),
  budgetTokens: z.optional(z.number()),
  budgetUsd: z.optional(z.number()),
  mcp: z.optional(McpSettingsSchema),
  /** True only when the user turned response bodies on. */
  networkBodies: z.optional(z.boolean()),
  hasApiKey: z.boolean(),
  apiKeyHint: z.optional(z.string()),
});
export type PublicSettings = z.infer<typeof PublicSettingsSchema>;
