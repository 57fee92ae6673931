/**
 * Saved workflows in chrome.storage.local (issue 30): they outlive worker and browser restarts, like
 * settings. One key per workflow, each parsed with the workflow schema on load: a damaged entry is
 * skipped, never run.
 */
import { parseWorkflow, type Workflow } from '../../shared/workflow';

const PREFIX = 'wb.workflow.';

export async function saveWorkflow(wf: Workflow): Promise<void> {
  await chrome.storage.local.set({ [`${PREFIX}${wf.id}`]: wf });
}

export async function loadWorkflow(id: string): Promise<Workflow | null> {
  const k = `${PREFIX}${id}`;
  const raw: Record<string, unknown> = await chrome.storage.local.get(k);
  const p = parseWorkflow(raw[k]);
  return p.ok ? p.data : null;
}

export async function listWorkflows(): Promise<Workflow[]> {
  const all: Record<string, unknown> = await chrome.storage.local.get(null);
  const out: Workflow[] = [];
  for (const [k, v] of Object.entries(all)) {
    if (!k.startsWith(PREFIX)) continue;
    const p = parseWorkflow(v);
    if (p.ok) out.push(p.data);
  }
  return out.sort((a, b) => a.createdAt - b.createdAt);
}

export async function removeWorkflow(id: string): Promise<boolean> {
  const k = `${PREFIX}${id}`;
  const had = Object.keys(await chrome.storage.local.get(k)).length > 0;
  await chrome.storage.local.remove(k);
  return had;
}
