import { describe, expect, test } from 'vitest';
import { resolveSettings } from '../background/settings-store';
import { providerInfo } from '../sidepanel/lib/settings-form';
import { PROVIDER_IDS, PROVIDERS } from './providers';

describe('one provider table', () => {
  test('a default model is the first model the form suggests', () => {
    for (const id of PROVIDER_IDS) {
      const p = PROVIDERS[id];
      if (p.suggestedModels.length > 0) expect(p.suggestedModels[0], id).toBe(p.defaultModel);
    }
  });

  test('the address the form shows as default is the one the worker uses', () => {
    for (const id of PROVIDER_IDS) {
      const worker = resolveSettings({ provider: id, model: PROVIDERS[id].defaultModel, apiKeys: {} });
      const form = providerInfo(id);
      expect(worker.baseURL, id).toBe(form.defaultBaseURL);
      expect(form.baseURLRequired, id).toBe(worker.baseURL === undefined);
    }
    expect(providerInfo('openai-compatible').baseURLRequired).toBe(true);
  });
});
