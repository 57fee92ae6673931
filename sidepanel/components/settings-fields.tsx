/**
 * The settings form's fields, split from the view by what they configure: the connection
 * (provider, model, key, address) and the model's limits and behaviour (tier, vision, plan first,
 * compaction, context window).
 */
import { useState } from 'preact/hooks';
import { contextWindowWarning } from '../../shared/context-fit';
import { TierSchema } from '../../shared/modes';
import type { PublicSettings } from '../../shared/settings';
import { ProviderIdSchema } from '../../shared/settings';
import {
  PROVIDER_CHOICES,
  switchProvider,
  TIER_HELP,
  type FormErrors,
  type FormField,
  type ProviderChoice,
  type SettingsForm,
} from '../lib/settings-form';

/** What every field group needs from the form's state. */
export interface FieldsProps {
  form: SettingsForm;
  errors: FormErrors;
  warnings: FormErrors;
  info: ProviderChoice;
  update: <K extends FormField>(key: K, value: SettingsForm[K]) => void;
  /** The aria-describedby ids for a field's error, warning and hint. */
  describe: (id: FormField, hint?: boolean) => string | undefined;
}

export function Field(props: {
  id: FormField;
  label: string;
  error?: string;
  warning?: string;
  hint?: string;
  /** Another form's id prefix (the workflow run form's "run"), so its ids do not clash with settings'. */
  prefix?: string;
  children: preact.ComponentChildren;
}) {
  const base = props.prefix ? `${props.prefix}-${props.id}` : props.id;
  return (
    <div class={`field${props.error ? ' has-error' : ''}`}>
      <label for={`${props.prefix ?? 'settings'}-${props.id}`}>{props.label}</label>
      {props.children}
      {props.hint && (
        <p class="field-hint" id={`${base}-hint`}>
          {props.hint}
        </p>
      )}
      {props.warning && (
        <p class="field-warning" id={`${base}-warning`}>
          {props.warning}
        </p>
      )}
      {props.error && (
        <p class="field-error" id={`${base}-error`} role="alert">
          {props.error}
        </p>
      )}
    </div>
  );
}

/** Provider, model, API key and base URL. */
export function ConnectionFields(
  props: FieldsProps & { stored: PublicSettings | null; onProvider: (f: (form: SettingsForm) => SettingsForm) => void },
) {
  const { form, errors, warnings, info, update, describe, stored } = props;
  const [showKey, setShowKey] = useState(false);
  const keyPlaceholder =
    stored?.hasApiKey && stored.provider === form.provider
      ? `Stored key ${stored.apiKeyHint ?? ''} (leave empty to keep)`.replace('  ', ' ')
      : info.needsKey
        ? 'Paste your API key'
        : 'Not needed for most local servers';
  return (
    <>
      <Field id="provider" label="Provider" error={errors.provider}>
        <select
          id="settings-provider"
          value={form.provider}
          onChange={(e) => {
            const p = ProviderIdSchema.safeParse(e.currentTarget.value);
            if (!p.success) return;
            props.onProvider((f) => switchProvider(f, p.data));
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
    </>
  );
}

/** Tier and context window: automatic from the model name unless the user sets them. */
export function LimitFields(props: FieldsProps & { current: PublicSettings | null }) {
  const { form, errors, update, describe, current } = props;
  const fitWarning = windowFitWarning(form, current);
  return (
    <>
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
      <OnOffField
        {...props}
        id="vision"
        label="Vision (screenshots)"
        labels={['Automatic', 'On: the model sees images', 'Off: text only']}
        hints={[
          `Automatic: from the model name${current ? ` (now ${current.vision === true ? 'sees images' : 'text only'})` : ''}.`,
          'On: the agent may take screenshots and send them to the model. Turn off if the model rejects images.',
          'Off: the agent is never offered screenshots.',
        ]}
      />
      <OnOffField
        {...props}
        id="planFirst"
        label="Plan first (Act and Dev)"
        labels={['Automatic', 'On: show a plan first', 'Off']}
        hints={[
          `Automatic: on for Compact and Mid models, off for Full${current ? ` (now ${current.planFirst === true ? 'on' : 'off'})` : ''}.`,
          'On: before changing anything the agent shows its plan (steps, sites, changes) for you to approve, edit or cancel.',
          'Off: the agent acts without a plan first (approvals for hard-to-undo actions still apply).',
        ]}
      />
      <OnOffField
        {...props}
        id="compaction"
        label="Context compaction (long tasks)"
        labels={['Default (on)', 'On: summarise old steps', 'Off: send every request whole']}
        hints={[
          'Default: on. When a task nears the context window, old tool results are shortened and early steps summarised.',
          'On: when a task nears the context window, old tool results are shortened and early steps summarised.',
          'Off: every request is sent whole; a long task ends when the provider refuses it as too long.',
        ]}
      />
      <Field
        id="contextWindow"
        label="Context window (tokens, optional)"
        error={errors.contextWindow}
        warning={fitWarning ?? undefined}
      >
        <input
          id="settings-contextWindow"
          type="text"
          inputMode="numeric"
          autocomplete="off"
          value={form.contextWindow}
          placeholder={current ? `Automatic (now ${current.contextWindow.toLocaleString('en-US')})` : 'Automatic'}
          aria-invalid={errors.contextWindow ? true : undefined}
          aria-describedby={
            [describe('contextWindow'), fitWarning && 'contextWindow-warning'].filter(Boolean).join(' ') || undefined
          }
          onInput={(e) => update('contextWindow', e.currentTarget.value)}
        />
      </Field>
      <McpField {...props} />
    </>
  );
}

const MCP_HINTS = {
  off: 'Off: no coding agent can reach this browser through Weaverbird.',
  ask: 'Ask: a coding agent (Claude Code, Cursor, VS Code…) connected with weaverbird-mcp may read pages, nothing more.',
  act: 'Act: it may also click and type; hard-to-undo actions still wait for your yes here.',
  dev: 'Dev: as Act, plus running JavaScript (each run asks you first).',
} as const;

/** The MCP bridge (docs/mcp.md): off by default; the mode caps what a coding agent may do. */
function McpField(props: FieldsProps) {
  const { form, update, describe } = props;
  const value = form.mcp ?? 'off';
  return (
    <Field id="mcp" label="MCP: let a coding agent use this browser" hint={MCP_HINTS[value]}>
      <select
        id="settings-mcp"
        value={value}
        aria-describedby={describe('mcp', true)}
        onChange={(e) => {
          const v = e.currentTarget.value;
          update('mcp', v === 'ask' || v === 'act' || v === 'dev' ? v : 'off');
        }}
      >
        <option value="off">Off</option>
        <option value="ask">On: Ask (read only)</option>
        <option value="act">On: Act</option>
        <option value="dev">On: Dev</option>
      </select>
    </Field>
  );
}

/** The fields that are automatic (or their default), on or off. */
type OnOffId = 'vision' | 'planFirst' | 'compaction';
const ON_OFF_VALUES = ['', 'on', 'off'] as const;

/** One automatic/on/off select; `labels` and `hints` follow ON_OFF_VALUES' order. */
function OnOffField(
  props: FieldsProps & { id: OnOffId; label: string; labels: readonly string[]; hints: readonly string[] },
) {
  const { form, errors, update, describe, id } = props;
  const value = form[id];
  return (
    <Field id={id} label={props.label} error={errors[id]} hint={props.hints[ON_OFF_VALUES.indexOf(value)]}>
      <select
        id={`settings-${id}`}
        value={value}
        aria-describedby={describe(id, true)}
        onChange={(e) => {
          const v = e.currentTarget.value;
          update(id, v === 'on' || v === 'off' ? v : '');
        }}
      >
        {ON_OFF_VALUES.map((v, i) => (
          <option key={v} value={v}>
            {props.labels[i]}
          </option>
        ))}
      </select>
    </Field>
  );
}

/**
 * The window the task will get (typed, else the model table's) against the tier's fixed prompt plus
 * one page (shared/context-fit.ts): a window that small fails every task, compaction or not.
 */
function windowFitWarning(form: FieldsProps['form'], current: PublicSettings | null): string | null {
  const typed = Number(form.contextWindow.trim());
  const window = form.contextWindow.trim() !== '' && Number.isInteger(typed) ? typed : current?.contextWindow;
  // Tier not known yet (first run, automatic): the smallest fixed prompt, so a warning is never a false alarm.
  const tier = form.tier !== '' ? form.tier : (current?.tier ?? 'compact');
  return window === undefined ? null : contextWindowWarning(window, tier);
}
