import { generateText } from 'ai';
import { axRecovery } from '../../cdp/ax-recovery';
import type { Settings } from '../../../shared/settings';
import { err, ok, type Result } from '../../../shared/result';
import { onPanelRequest } from '../../panel-messages';
import { PROVIDERS } from '../../../shared/providers';
import { createLanguageModel } from '../../providers/create-model';
import { describeProviderError } from '../../providers/errors';
import { traceEntries } from '../../providers/trace';
import {
  getPublicSettings,
  loadSettings,
  previewSettings,
  saveSettings,
  type EffectiveSettings,
} from '../../settings-store';
import { loadLatestTree } from './state-store';

interface ConnectionReport {
  provider: string;
  model: string;
  ms: number;
  reply: string;
}

/** One tiny real request: proves key, base URL, model name and CORS together. */
async function testConnection(settings: EffectiveSettings): Promise<Result<ConnectionReport>> {
  const model = createLanguageModel(settings);
  if (!model.ok) return model;
  const started = Date.now();
  try {
    const r = await generateText({
      model: model.data,
      prompt: 'Reply with the single word OK.',
      maxOutputTokens: 16,
      maxRetries: 1,
    });
    return ok({
      provider: settings.provider,
      model: settings.model,
      ms: Date.now() - started,
      reply: r.text.slice(0, 100),
    });
  } catch (e) {
    const info = describeProviderError(e, {
      providerLabel: PROVIDERS[settings.provider].label,
      model: settings.model,
      baseURL: settings.baseURL,
      secrets: settings.apiKey ? [settings.apiKey] : [],
    });
    return err(info.code, info.message);
  }
}

async function settingsFor(raw: Settings | undefined): Promise<EffectiveSettings> {
  return raw ? previewSettings(raw) : loadSettings();
}

export function registerAgentPanelRequests(): void {
  onPanelRequest('get_settings', async () => ok(await getPublicSettings()));
  onPanelRequest('set_settings', async (r) => saveSettings(r.settings));
  onPanelRequest('test_connection', async (r) => testConnection(await settingsFor(r.settings)));
  onPanelRequest('get_trace', async () => ok(await traceEntries()));
  onPanelRequest('get_ax_recovery', async () => ok(axRecovery()));
  onPanelRequest('get_latest_tree', async (r) => {
    const tree = await loadLatestTree(r.tabId);
    return tree ? ok(tree) : err('no_tree', `the agent has not read a tree in tab ${r.tabId} yet`);
  });
}
