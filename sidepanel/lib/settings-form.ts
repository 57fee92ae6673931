/** The settings form's model: defaults per provider, and validation that names the field and the fix. */
import { SettingsSchema, type ProviderId, type PublicSettings, type Settings } from '../../shared/settings';
import type { Mode, Tier } from '../../shared/modes';
import { providerUrlProblem } from '../../shared/connect-policy';
import { PROVIDER_IDS, PROVIDERS, type ProviderInfo } from '../../shared/providers';

/** A provider as the form shows it: the shared table's entry with its id. */
export interface ProviderChoice extends ProviderInfo {
  id: ProviderId;
  /** True when the provider has no default address, so the user must give one. */
  baseURLRequired: boolean;
}

export function providerInfo(id: ProviderId): ProviderChoice {
  const info = PROVIDERS[id];
  return { ...info, id, baseURLRequired: info.defaultBaseURL === undefined };
}

/** Every provider, in the order the form lists them. */
export const PROVIDER_CHOICES: readonly ProviderChoice[] = PROVIDER_IDS.map(providerInfo);

export const TIER_HELP: Readonly<Record<Tier, string>> = {
  compact: 'Compact: small or local models; fewest tools, shortest reads.',
  mid: 'Mid: capable mid-size models; more tools and longer reads.',
  full: 'Full: frontier models; every tool and the largest reads.',
};

export interface SettingsForm {
  provider: ProviderId;
  model: string;
  /** Empty means "keep the stored key". */
  apiKey: string;
  baseURL: string;
  /** Empty means "automatic for this model". */
  tier: Tier | '';
  contextWindow: string;
  /** Whether the model sees images (offers screenshot); empty means "automatic for this model". */
  vision: '' | 'on' | 'off';
  /** Plan first in Act/Dev (docs/long-tasks.md); empty means "automatic for the tier". */
  planFirst: '' | 'on' | 'off';
  /** Context compaction (docs/long-tasks.md); empty means the default (on). */
  compaction: '' | 'on' | 'off';
  /** Default task budget (shared/task-budget.ts): tokens per task; empty means none. */
  budgetTokens: string;
  /** Default task budget: estimated US dollars per task; empty means none. */
  budgetUsd: string;
  /** The MCP bridge (docs/mcp.md): off, or on in a mode; absent keeps what is stored. */
  mcp?: 'off' | Mode;
}

export type FormField = keyof SettingsForm;
export type FormErrors = Partial<Record<FormField, string>>;

/** What the user picked for the fields the worker otherwise fills from its model table. */
export interface SettingsChoices {
  provider: ProviderId;
  model: string;
  tier: Tier | '';
  contextWindow: string;
}

/** True when nothing usable is stored yet (first run, or the key was removed): the panel opens Settings. */
export function needsSetup(s: PublicSettings | null): boolean {
  return s === null || (!s.hasApiKey && providerInfo(s.provider).needsKey);
}

/**
 * The form for stored settings. The worker reports *effective* values (its default base URL, the
 * tier and context window from its model table), so a field shows a value only when the user chose
 * it: otherwise saving again would pin today's defaults, or carry one provider's URL to another.
 */
export function formFromPublic(s: PublicSettings | null, choices: SettingsChoices | null = null): SettingsForm {
  if (!s || needsSetup(s)) {
    const provider = s?.provider ?? 'openai';
    return {
      provider,
      model: s?.model ?? '',
      apiKey: '',
      baseURL: '',
      tier: '',
      contextWindow: '',
      vision: '',
      planFirst: '',
      compaction: '',
      budgetTokens: '',
      budgetUsd: '',
    };
  }
  const info = providerInfo(s.provider);
  const chosen = choices !== null && choices.provider === s.provider && choices.model === s.model ? choices : null;
  return {
    provider: s.provider,
    model: s.model,
    apiKey: '',
    baseURL: s.baseURL === undefined || (s.baseURL === info.defaultBaseURL && !info.baseURLRequired) ? '' : s.baseURL,
    tier: chosen?.tier ?? '',
    contextWindow: chosen?.contextWindow ?? '',
    // The worker says whether vision is the user's choice, so the form never pins today's default.
    vision: s.visionFromUser === true ? (s.vision === true ? 'on' : 'off') : '',
    planFirst: s.planFirstFromUser === true ? (s.planFirst === true ? 'on' : 'off') : '',
    compaction: s.compaction === undefined ? '' : s.compaction ? 'on' : 'off',
    budgetTokens: s.budgetTokens === undefined ? '' : String(s.budgetTokens),
    budgetUsd: s.budgetUsd === undefined ? '' : String(s.budgetUsd),
    ...(s.mcp ? { mcp: s.mcp.enabled ? s.mcp.mode : 'off' } : {}),
  };
}

/** Switching provider: the old provider's default address and model name mean nothing to the new one. */
export function switchProvider(form: SettingsForm, provider: ProviderId): SettingsForm {
  const old = providerInfo(form.provider);
  const keepURL = form.baseURL !== '' && form.baseURL !== old.defaultBaseURL;
  const keepModel = form.model !== '' && !old.suggestedModels.includes(form.model) && old.id === 'openai-compatible';
  return { ...form, provider, baseURL: keepURL ? form.baseURL : '', model: keepModel ? form.model : '', apiKey: '' };
}

export type Validation =
  { ok: true; settings: Settings; warnings: FormErrors } | { ok: false; errors: FormErrors; warnings: FormErrors };

/**
 * `stored` is what the worker holds now: an empty key field may keep the stored key only when the
 * provider is unchanged, so a key is never carried over to another provider.
 */
export function validateSettingsForm(form: SettingsForm, stored: PublicSettings | null): Validation {
  const errors: FormErrors = {};
  const warnings: FormErrors = {};
  const info = providerInfo(form.provider);
  const model = form.model.trim();
  if (model === '')
    errors.model = 'Enter a model id, for example ' + (info.suggestedModels[0] ?? 'the name your server lists') + '.';
  else if (/\s/.test(model)) errors.model = 'A model id has no spaces.';

  const key = form.apiKey.trim();
  const keepsStoredKey = key === '' && stored?.hasApiKey === true && stored.provider === form.provider;
  if (info.needsKey && key === '' && !keepsStoredKey)
    errors.apiKey = `${info.label} needs an API key${info.keyHelp ? ` (${info.keyHelp})` : ''}.`;
  else if (/\s/.test(key)) errors.apiKey = 'An API key has no spaces; check the paste.';

  const base = form.baseURL.trim();
  if (base === '') {
    if (info.baseURLRequired) errors.baseURL = 'Enter the server address, e.g. http://localhost:8080/v1.';
  } else {
    // The extension-page CSP decides what the worker can reach (shared/connect-policy.ts).
    const problem = providerUrlProblem(base);
    if (problem) errors.baseURL = problem;
  }

  let contextWindow: number | undefined;
  const cw = form.contextWindow.trim();
  if (cw !== '') {
    const n = Number(cw);
    if (!Number.isInteger(n) || n < 1024 || n > 10_000_000)
      errors.contextWindow = 'Use a whole number of tokens between 1024 and 10000000, or leave empty.';
    else contextWindow = n;
  }

  const budget = budgetFields(form, errors);
  if (Object.keys(errors).length > 0) return { ok: false, errors, warnings };
  const candidate: Settings = { provider: form.provider, model };
  if (key !== '') candidate.apiKey = key;
  if (base !== '') candidate.baseURL = base;
  if (form.tier !== '') candidate.tier = form.tier;
  if (contextWindow !== undefined) candidate.contextWindow = contextWindow;
  if (form.vision !== '') candidate.vision = form.vision === 'on';
  if (form.planFirst !== '') candidate.planFirst = form.planFirst === 'on';
  if (form.compaction !== '') candidate.compaction = form.compaction === 'on';
  if (budget.tokens !== undefined) candidate.budgetTokens = budget.tokens;
  if (budget.usd !== undefined) candidate.budgetUsd = budget.usd;
  if (form.mcp !== undefined)
    candidate.mcp =
      form.mcp === 'off' ? { enabled: false, mode: stored?.mcp?.mode ?? 'ask' } : { enabled: true, mode: form.mcp };
  const parsed = SettingsSchema.safeParse(candidate);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path[0];
    const name: FormField =
      field === 'baseURL' || field === 'model' || field === 'apiKey' || field === 'contextWindow' || field === 'tier'
        ? field
        : 'provider';
    return { ok: false, errors: { [name]: issue?.message ?? 'Invalid value.' }, warnings };
  }
  return { ok: true, settings: parsed.data, warnings };
}

export type BudgetForm = Pick<SettingsForm, 'budgetTokens' | 'budgetUsd'>;

/**
 * A budget's two fields (the settings' default, or one workflow run's): empty means no ceiling
 * (shared/task-budget.ts); a bad value sets its field's error.
 */
export function budgetFields(
  form: BudgetForm,
  errors: Partial<Record<keyof BudgetForm, string>>,
  /** Below this a ceiling is a typo: 1000 for a task; a workflow run's heals are single short calls. */
  minTokens = 1000,
): { tokens?: number; usd?: number } {
  const out: { tokens?: number; usd?: number } = {};
  const tokens = form.budgetTokens.trim().replace(/[,_\s]/g, '');
  if (tokens !== '') {
    const n = Number(tokens);
    if (!Number.isInteger(n) || n < minTokens || n > 1_000_000_000)
      errors.budgetTokens = `Use a whole number of tokens between ${minTokens} and 1000000000, or leave empty for no budget.`;
    else out.tokens = n;
  }
  const usd = form.budgetUsd.trim().replace(/^\$/, '');
  if (usd !== '') {
    const n = Number(usd);
    if (!Number.isFinite(n) || n <= 0 || n > 1000)
      errors.budgetUsd = 'Use an amount in US dollars above 0 and at most 1000 (e.g. 0.50), or leave empty.';
    else out.usd = n;
  }
  return out;
}
