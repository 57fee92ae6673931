/**
 * UI state that must survive closing the panel. Mode and the verbose toggles are preferences
 * (chrome.storage.local); drafts are per tab and may hold half-typed private text, so they live in
 * chrome.storage.session (memory only, cleared when the browser quits).
 */
import * as z from 'zod/mini';
import { ModeSchema, TierSchema, type Mode } from '../../shared/modes';
import { ProviderIdSchema } from '../../shared/settings';
import type { SettingsChoices } from './settings-form';

const PrefsSchema = z.object({
  mode: z._default(ModeSchema, 'ask'),
  verbose: z._default(z.boolean(), false),
  deepVerbose: z._default(z.boolean(), false),
  /** Which verbose pane was open. */
  pane: z._default(z.enum(['chat', 'tree', 'log']), 'chat'),
});
export type Prefs = z.infer<typeof PrefsSchema>;
export type Pane = Prefs['pane'];

const PREFS_KEY = 'wb.panel.prefs';
const DRAFTS_KEY = 'wb.panel.drafts';

const SETTINGS_CHOICES_KEY = 'wb.panel.settingsChoices';
const ChoicesSchema = z.object({
  provider: ProviderIdSchema,
  model: z.string(),
  tier: z.union([TierSchema, z.literal('')]),
  contextWindow: z.string(),
});

export async function loadSettingsChoices(): Promise<SettingsChoices | null> {
  try {
    const stored = await chrome.storage.local.get(SETTINGS_CHOICES_KEY);
    const parsed = ChoicesSchema.safeParse(stored[SETTINGS_CHOICES_KEY]);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export async function saveSettingsChoices(choices: SettingsChoices): Promise<void> {
  await chrome.storage.local.set({ [SETTINGS_CHOICES_KEY]: choices });
}

const DraftsSchema = z.record(z.string(), z.string());
export type Drafts = z.infer<typeof DraftsSchema>;

export const DEFAULT_PREFS: Prefs = { mode: 'ask', verbose: false, deepVerbose: false, pane: 'chat' };

export async function loadPrefs(): Promise<Prefs> {
  try {
    const stored = await chrome.storage.local.get(PREFS_KEY);
    const parsed = PrefsSchema.safeParse(stored[PREFS_KEY] ?? {});
    return parsed.success ? parsed.data : DEFAULT_PREFS;
  } catch {
    return DEFAULT_PREFS;
  }
}

export async function savePrefs(prefs: Prefs): Promise<void> {
  await chrome.storage.local.set({ [PREFS_KEY]: prefs });
}

export async function loadDrafts(): Promise<Drafts> {
  try {
    const stored = await chrome.storage.session.get(DRAFTS_KEY);
    const parsed = DraftsSchema.safeParse(stored[DRAFTS_KEY] ?? {});
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}

export async function saveDrafts(drafts: Drafts): Promise<void> {
  await chrome.storage.session.set({ [DRAFTS_KEY]: drafts });
}

export function modeLabel(mode: Mode): string {
  return mode === 'ask' ? 'Ask' : mode === 'act' ? 'Act' : 'Dev';
}
