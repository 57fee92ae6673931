import { useEffect, useState } from 'preact/hooks';
import { askWorker } from '../panel-client';
import { FormActions } from './form-actions';
import { parseListings, WorkflowRunForm, type WorkflowListing } from './workflow-run';
import { busy, chat, draft, tabId } from '../store';

/** `name=typed text` lines → parameters ({name: text}); a line without `=` is an error. */
export function parseParamLines(text: string): { params: Record<string, string> } | { error: string } {
  const params: Record<string, string> = {};
  for (const line of text.split('\n').map((l) => l.trim())) {
    if (!line) continue;
    const at = line.indexOf('=');
    if (at < 1) return { error: `"${line.slice(0, 40)}": write name=text you typed` };
    params[line.slice(0, at).trim()] = line.slice(at + 1).trim();
  }
  return { params };
}

/** "Save as workflow" after a task ended well (docs/workflows.md): a name and optional parameters. */
export function SaveWorkflow({ onDone }: { onDone: (msg: string) => void }) {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [lines, setLines] = useState('');
  const [error, setError] = useState<string | null>(null);
  const tab = tabId.value;
  if (tab === null || busy.value || chat.value?.status !== 'done') return null;
  if (!open)
    return (
      <button type="button" class="button-quiet" data-testid="save-workflow" onClick={() => setOpen(true)}>
        Save as workflow
      </button>
    );
  const save = async (e: Event) => {
    e.preventDefault();
    const parsed = parseParamLines(lines);
    if ('error' in parsed) return setError(parsed.error);
    const r = await askWorker({ type: 'save_workflow', tabId: tab, name, params: parsed.params });
    if (!r.ok) return setError(r.error.message);
    setOpen(false);
    onDone(`Saved workflow "${name}". Type / in the message box to run it.`);
  };
  return (
    <form class="save-shortcut" aria-label="Save as workflow" onSubmit={(e) => void save(e)}>
      <label for="workflow-name">Workflow name</label>
      <input
        id="workflow-name"
        value={name}
        maxLength={120}
        autoFocus
        onInput={(e) => setName(e.currentTarget.value)}
      />
      <label for="workflow-params">Parameters (one per line: name=text you typed in the task)</label>
      <textarea id="workflow-params" rows={2} value={lines} onInput={(e) => setLines(e.currentTarget.value)} />
      <FormActions
        primary="Save workflow"
        disabled={name.trim() === ''}
        onCancel={() => setOpen(false)}
        error={error}
      />
    </form>
  );
}

/** The saved workflows under the "/" palette; choosing one opens its review or run form (workflow-run.tsx). */
export function WorkflowEntries({ onDone }: { onDone: (msg: string) => void }) {
  const [all, setAll] = useState<WorkflowListing[]>([]);
  const [chosen, setChosen] = useState<WorkflowListing | null>(null);
  const slash = draft.value.startsWith('/') && !draft.value.includes('\n');
  useEffect(() => {
    if (slash) void askWorker({ type: 'list_workflows' }).then((r) => setAll(r.ok ? parseListings(r.data) : []));
  }, [slash]);
  const tab = tabId.value;
  if (tab === null) return null;
  if (chosen)
    return <WorkflowRunForm key={chosen.id} wf={chosen} tab={tab} onDone={onDone} onClose={() => setChosen(null)} />;
  if (!slash) return null;
  const q = draft.value.slice(1).toLowerCase();
  const shown = all.filter((w) => w.name.toLowerCase().includes(q)).slice(0, 6);
  if (shown.length === 0) return null;
  return (
    <ul class="palette" aria-label="Workflows" data-testid="workflow-palette">
      {shown.map((w) => (
        <li key={w.id} class="palette-item">
          <button type="button" class="button-quiet" onClick={() => setChosen(w)}>
            {w.approved ? 'Run' : 'Review'} workflow “{w.name}”
          </button>
        </li>
      ))}
    </ul>
  );
}
