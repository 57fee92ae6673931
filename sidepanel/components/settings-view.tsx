import { useEffect, useState } from 'preact/hooks';
import { TierSchema } from '../../src/modes';
import { ProviderIdSchema } from '../../src/settings';
import {
  formFromPublic,
  providerInfo,
  PROVIDER_CHOICES,
  switchProvider,
  TIER_HELP,
  validateSettingsForm,
  type FormErrors,
  type FormField,
  type SettingsForm,
} from '../lib/settings-form';
import { loadSettingsChoices, saveSettingsChoices } from '../lib/ui-prefs';
import { saveSettings, testConnection } from '../panel-client';
import { onSettingsSaved, settings, settingsError, settingsStatus, view } from '../store';

type TestState =
  | { kind: 'idle' }
  | { kind: 'testing' }
  | { kind: 'ok'; summary: string; details?: string }
  | { kind: 'failed'; message: string };

function Field(props: {
  id: FormField;
  label: string;
  error?: string;
  warning?: string;
  hint?: string;
  children: preact.ComponentChildren;
}) {
  return (
    <div class={`field${props.error ? ' has-error' : ''}`}>
      <label for={`settings-${props.id}`}>{props.label}</label>
      {props.children}
      {props.hint && (
        <p class="field-hint" id={`${props.id}-hint`}>
          {props.hint}
        </p>
      )}
      {props.warning && (
        <p class="field-warning" id={`${props.id}-warning`}>
          {props.warning}
        </p>
      )}
      {props.error && (
        <p class="field-error" id={`${props.id}-error`} role="alert">
          {props.error}
        </p>
      )}
    </div>
  );
}

export function SettingsView() {
  const stored = settings.value;
  const [form, setForm] = useState<SettingsForm>(() => formFromPublic(stored));
  const [errors, setErrors] = useState<FormErrors>({});
  const [warnings, setWarnings] = useState<FormErrors>({});
  const [showKey, setShowKey] = useState(false);
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [test, setTest] = useState<TestState>({ kind: 'idle' });
  const info = providerInfo(form.provider);
  const firstRun = settingsStatus.value !== 'ready';
  // The worker's effective values, shown as hints while a field is left automatic.
  const current = stored && stored.provider === form.provider && stored.model === form.model.trim() ? stored : null;

  useEffect(() => {
    let live = true;
    setForm(formFromPublic(stored));
    void loadSettingsChoices().then((choices) => {
      if (live && choices) setForm(formFromPublic(stored, choices));
    });
    return () => {
      live = false;
    };
  }, [stored]);

  const update = <K extends FormField>(key: K, value: SettingsForm[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
    setTest({ kind: 'idle' });
  };
  const describe = (id: FormField, hint = false) =>
    [errors[id] && `${id}-error`, warnings[id] && `${id}-warning`, hint && `${id}-hint`].filter(Boolean).join(' ') ||
    undefined;

  const validate = () => {
    const v = validateSettingsForm(form, stored);
    setWarnings(v.warnings);
    if (!v.ok) {
      setErrors(v.errors);
      const first = Object.keys(v.errors)[0];
      if (first) document.getElementById(`settings-${first}`)?.focus();
      return null;
    }
    setErrors({});
    return v.settings;
  };

  const onSave = async (e: Event) => {
    e.preventDefault();
    const valid = validate();
    if (!valid) return;
    setSaving(true);
    setSaveError(null);
    const reply = await saveSettings(valid);
    setSaving(false);
    if (!reply.ok) {
      setSaveError(reply.error.message);
      return;
    }
    setForm((f) => ({ ...f, apiKey: '' }));
    await saveSettingsChoices({
      provider: valid.provider,
      model: valid.model,
      tier: form.tier,
      contextWindow: form.contextWindow.trim(),
    }).catch(() => undefined);
    onSettingsSaved(reply.data);
  };

  const onTest = async () => {
    const valid = validate();
    if (!valid) return;
    setTest({ kind: 'testing' });
    const reply = await testConnection(valid);
    setTest(reply.ok ? { kind: 'ok', ...reply.data } : { kind: 'failed', message: reply.error.message });
  };

  const keyPlaceholder =
    stored?.hasApiKey && stored.provider === form.provider
      ? `Stored key ${stored.apiKeyHint ?? ''} (leave empty to keep)`.replace('  ', ' ')
      : info.needsKey
        ? 'Paste your API key'
        : 'Not needed for most local servers';

  return (
    <section class="settings" aria-labelledby="settings-title" data-testid="settings">
      <h2 id="settings-title">{firstRun ? 'Welcome: connect a model' : 'Settings'}</h2>
      {firstRun && (
        <p class="settings-intro" data-testid="first-run">
          Weaverbird uses your own LLM provider. Choose one, paste its API key (kept only in this browser, sent only to
          that provider), and test the connection.
        </p>
      )}
      {settingsStatus.value === 'error' && settingsError.value && (
        <p class="field-error" role="alert">
          Could not read the stored settings: {settingsError.value}
        </p>
      )}
      <form onSubmit={(e) => void onSave(e)} noValidate>
        <Field id="provider" label="Provider" error={errors.provider}>
          <select
            id="settings-provider"
            value={form.provider}
            onChange={(e) => {
              const p = ProviderIdSchema.safeParse(e.currentTarget.value);
              if (!p.success) return;
              setForm((f) => switchProvider(f, p.data));
              setErrors({});
              setTest({ kind: 'idle' });
            }}
          >
            {PROVIDER_CHOICES.map((p) => (
              <option key={p.id} value={p.id}>
                {p.label}
              </option>
            ))}
          </select>
        </Field>
        <Field id="model" label="Model" error={errors.model}>
          <input
            id="settings-model"
            type="text"
            list="model-suggestions"
            autocomplete="off"
            spellcheck={false}
            value={form.model}
            placeholder={info.suggestedModels[0] ?? 'model id'}
            aria-invalid={errors.model ? true : undefined}
            aria-describedby={describe('model')}
            onInput={(e) => update('model', e.currentTarget.value)}
          />
          <datalist id="model-suggestions">
            {info.suggestedModels.map((m) => (
              <option key={m} value={m} />
            ))}
          </datalist>
        </Field>
        <Field id="apiKey" label="API key" error={errors.apiKey}>
          <div class="input-with-button">
            <input
              id="settings-apiKey"
              type={showKey ? 'text' : 'password'}
              autocomplete="off"
              spellcheck={false}
              value={form.apiKey}
              placeholder={keyPlaceholder}
              aria-invalid={errors.apiKey ? true : undefined}
              aria-describedby={describe('apiKey')}
              onInput={(e) => update('apiKey', e.currentTarget.value)}
            />
            <button
              type="button"
              class="button-quiet"
              aria-pressed={showKey}
              onClick={() => setShowKey(!showKey)}
              aria-controls="settings-apiKey"
            >
              {showKey ? 'Hide' : 'Show'}
            </button>
          </div>
        </Field>
        <Field
          id="baseURL"
          label={`Base URL${info.baseURLRequired ? '' : ' (optional)'}`}
          error={errors.baseURL}
          warning={warnings.baseURL}
        >
          <input
            id="settings-baseURL"
            type="url"
            inputMode="url"
            autocomplete="off"
            spellcheck={false}
            value={form.baseURL}
            placeholder={info.defaultBaseURL ?? 'http://localhost:8080/v1'}
            aria-invalid={errors.baseURL ? true : undefined}
            aria-describedby={describe('baseURL')}
            onInput={(e) => update('baseURL', e.currentTarget.value)}
          />
        </Field>
        <Field
          id="tier"
          label="Model tier"
          error={errors.tier}
          hint={
            form.tier === ''
              ? `Automatic: chosen from the model name${current ? ` (now ${current.tier})` : ''}.`
              : TIER_HELP[form.tier]
          }
        >
          <select
            id="settings-tier"
            value={form.tier}
            aria-describedby={describe('tier', true)}
            onChange={(e) => {
              const t = TierSchema.safeParse(e.currentTarget.value);
              update('tier', t.success ? t.data : '');
            }}
          >
            <option value="">Automatic</option>
            <option value="compact">Compact</option>
            <option value="mid">Mid</option>
            <option value="full">Full</option>
          </select>
        </Field>
        <Field id="contextWindow" label="Context window (tokens, optional)" error={errors.contextWindow}>
          <input
            id="settings-contextWindow"
            type="text"
            inputMode="numeric"
            autocomplete="off"
            value={form.contextWindow}
            placeholder={current ? `Automatic (now ${current.contextWindow.toLocaleString('en-US')})` : 'Automatic'}
            aria-invalid={errors.contextWindow ? true : undefined}
            aria-describedby={describe('contextWindow')}
            onInput={(e) => update('contextWindow', e.currentTarget.value)}
          />
        </Field>
        <div class="settings-actions">
          <button type="submit" class="button-primary" disabled={saving}>
            {saving ? 'Saving…' : 'Save'}
          </button>
          <button type="button" class="button-quiet" onClick={() => void onTest()} disabled={test.kind === 'testing'}>
            {test.kind === 'testing' ? 'Testing…' : 'Test connection'}
          </button>
          {!firstRun && (
            <button type="button" class="button-quiet" onClick={() => (view.value = 'chat')}>
              Back to chat
            </button>
          )}
        </div>
        <div role="status" class="settings-result" data-testid="test-result" data-state={test.kind}>
          {test.kind === 'ok' && (
            <p class="result-ok">
              ✓ {test.summary}
              {test.details && <span class="result-details"> {test.details}</span>}
            </p>
          )}
          {test.kind === 'failed' && <p class="result-failed">✗ Connection failed: {test.message}</p>}
        </div>
        {saveError && (
          <p class="field-error" role="alert">
            Not saved: {saveError}
          </p>
        )}
      </form>
    </section>
  );
}
