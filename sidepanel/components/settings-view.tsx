import { useEffect, useState } from 'preact/hooks';
import {
  formFromPublic,
  providerInfo,
  validateSettingsForm,
  type FormErrors,
  type FormField,
  type SettingsForm,
} from '../lib/settings-form';
import { ConnectionFields, LimitFields, type FieldsProps } from './settings-fields';
import { BudgetFields } from './budget-fields';
import { ShortcutsSettings } from './shortcuts-settings';
import type { PublicSettings } from '../../shared/settings';
import { loadSettingsChoices, saveSettingsChoices } from '../lib/ui-prefs';
import { saveSettings, testConnection } from '../panel-client';
import { onSettingsSaved, settings, settingsError, settingsStatus, view } from '../store';

type TestState =
  | { kind: 'idle' }
  | { kind: 'testing' }
  | { kind: 'ok'; summary: string; details?: string }
  | { kind: 'failed'; message: string };

/** The form's state: values, errors and warnings, the connection test, and validation that focuses the first error. */
function useSettingsForm(stored: PublicSettings | null) {
  const [form, setForm] = useState<SettingsForm>(() => formFromPublic(stored));
  const [errors, setErrors] = useState<FormErrors>({});
  const [warnings, setWarnings] = useState<FormErrors>({});
  const [test, setTest] = useState<TestState>({ kind: 'idle' });

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

  const fieldProps: FieldsProps = { form, errors, warnings, info: providerInfo(form.provider), update, describe };
  return { form, setForm, setErrors, test, setTest, validate, fieldProps };
}

export function SettingsView() {
  const stored = settings.value;
  const { form, setForm, setErrors, test, setTest, validate, fieldProps } = useSettingsForm(stored);
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const firstRun = settingsStatus.value !== 'ready';
  // The worker's effective values, shown as hints while a field is left automatic.
  const current = stored && stored.provider === form.provider && stored.model === form.model.trim() ? stored : null;

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
        <ConnectionFields
          {...fieldProps}
          stored={stored}
          onProvider={(change) => {
            setForm(change);
            setErrors({});
            setTest({ kind: 'idle' });
          }}
        />
        <LimitFields {...fieldProps} current={current} />
        <BudgetFields {...fieldProps} />
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
        <TestResult test={test} />
        {saveError && (
          <p class="field-error" role="alert">
            Not saved: {saveError}
          </p>
        )}
      </form>
      {!firstRun && <ShortcutsSettings />}
    </section>
  );
}

function TestResult({ test }: { test: TestState }) {
  return (
    <div role="status" class="settings-result" data-testid="test-result" data-state={test.kind}>
      {test.kind === 'ok' && (
        <p class="result-ok">
          ✓ {test.summary}
          {test.details && <span class="result-details"> {test.details}</span>}
        </p>
      )}
      {test.kind === 'failed' && <p class="result-failed">✗ Connection failed: {test.message}</p>}
    </div>
  );
}
