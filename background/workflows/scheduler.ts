/**
 * Scheduled workflow runs (issue 30): a `chrome.alarms` alarm per schedule (the listener is
 * registered at the worker's top level, service-worker.ts), a background tab of its own tab group,
 * the result kept in the run history (chrome.storage.local) and shown as a notification. Nothing runs
 * while the browser is closed: an alarm that fires long after its time (Chrome fires missed alarms
 * once at start-up) is reported as missed, not replayed.
 */
import { z } from 'zod';
import { err, ok, type Result } from '../../shared/result';
import { monotonicMs, sleep } from '../../shared/timeout';
import { runWorkflow, type WorkflowRunReport } from './runner';
import { loadWorkflow } from './store';
import { savedValues } from '../../shared/workflow';

export const SCHEDULE_ALARM_PREFIX = 'wb.wf.';
const RUNS_KEY = 'wb.wfruns';
const SCHEDULES_KEY = 'wb.wfschedules';
/** An alarm this late fired because the browser was closed or asleep at its time: a missed run. */
const MISSED_AFTER_MS = 10 * 60_000;
const TAB_LOAD_MS = 20_000;
const RUNS_KEPT = 50;

const ScheduleSchema = z.strictObject({
  id: z.string(),
  /** The page the run opens in its own background tab. */
  url: z.string().url(),
  params: z.record(z.string(), z.string()).optional(),
  /** When to run (ms since the epoch; default now + 1 minute) and, optionally, every how many minutes after. */
  when: z.number().optional(),
  everyMinutes: z
    .number()
    .min(1)
    .max(60 * 24 * 31)
    .optional(),
});
type Schedule = z.infer<typeof ScheduleSchema>;

const RunEntrySchema = z.object({
  workflowId: z.string(),
  name: z.string(),
  at: z.number(),
  status: z.string(),
  healed: z.number(),
  modelCalls: z.number(),
  error: z.string().optional(),
});
export type RunEntry = z.infer<typeof RunEntrySchema>;

async function schedules(): Promise<Schedule[]> {
  const raw: Record<string, unknown> = await chrome.storage.local.get(SCHEDULES_KEY);
  const p = z.array(ScheduleSchema).safeParse(raw[SCHEDULES_KEY]);
  return p.success ? p.data : [];
}

export async function runHistory(): Promise<RunEntry[]> {
  const raw: Record<string, unknown> = await chrome.storage.local.get(RUNS_KEY);
  const p = z.array(RunEntrySchema).safeParse(raw[RUNS_KEY]);
  return p.success ? p.data : [];
}

async function remember(entry: RunEntry): Promise<void> {
  await chrome.storage.local.set({ [RUNS_KEY]: [...(await runHistory()), entry].slice(-RUNS_KEPT) });
  const flag = entry.status === 'done' ? (entry.healed ? ' (healed)' : '') : ` — ${entry.status}`;
  // No notifications permission, no toast: the history still has it.
  chrome.notifications?.create(`wb.wfrun.${entry.at}`, {
    type: 'basic',
    iconUrl: chrome.runtime.getURL('assets/icons/icon-128.png'),
    title: `Workflow "${entry.name}"${flag}`,
    message: entry.error ?? `${entry.status}; ${entry.healed} healed step(s), ${entry.modelCalls} model call(s)`,
  });
}

export async function scheduleWorkflow(options: unknown): Promise<Result<{ alarm: string; when: number }>> {
  const o = ScheduleSchema.safeParse(options);
  if (!o.success)
    return err(
      'bad_arguments',
      `wb.workflows.schedule({id, url, params?, when?, everyMinutes?}): ${z.prettifyError(o.error)}`,
    );
  const wf = await loadWorkflow(o.data.id);
  if (!wf) return err('no_such_workflow', `no workflow ${o.data.id}`);
  if (!wf.approved) return err('needs_approval', `approve workflow "${wf.name}" before scheduling it`);
  if (!wf.origins.includes(new URL(o.data.url).origin))
    return err(
      'wrong_site',
      `workflow "${wf.name}" runs on ${wf.origins.join(', ')}, not ${new URL(o.data.url).origin}`,
    );
  const when = o.data.when ?? Date.now() + 60_000;
  const alarm = `${SCHEDULE_ALARM_PREFIX}${wf.id}`;
  await chrome.storage.local.set({ [SCHEDULES_KEY]: [...(await schedules()).filter((s) => s.id !== wf.id), o.data] });
  await chrome.alarms.create(alarm, { when, ...(o.data.everyMinutes ? { periodInMinutes: o.data.everyMinutes } : {}) });
  return ok({ alarm, when });
}

export async function unscheduleWorkflow(id: string): Promise<boolean> {
  await chrome.storage.local.set({ [SCHEDULES_KEY]: (await schedules()).filter((s) => s.id !== id) });
  return chrome.alarms.clear(`${SCHEDULE_ALARM_PREFIX}${id}`);
}

/**
 * The tab's own page has loaded. A new tab first holds the initial about:blank, which can report
 * `complete` before the navigation to the schedule's URL starts (seen in Firefox under load: the run
 * then found the tab "on unknown" and failed), so a blank tab is still loading.
 */
async function loaded(tabId: number): Promise<boolean> {
  const until = monotonicMs() + TAB_LOAD_MS;
  while (monotonicMs() < until) {
    const t = await chrome.tabs.get(tabId);
    if (t.status === 'complete' && t.url !== undefined && t.url !== '' && t.url !== 'about:blank') return true;
    await sleep(200);
  }
  return false;
}

async function runInOwnTab(s: Schedule, name: string): Promise<Result<WorkflowRunReport>> {
  const wf = await loadWorkflow(s.id);
  if (!wf) return err('no_such_workflow', 'the workflow was removed');
  const tab = await chrome.tabs.create({ url: s.url, active: false });
  if (tab.id === undefined) return err('bad_tab', 'no tab');
  if (chrome.tabGroups) {
    const groupId = await chrome.tabs.group({ tabIds: [tab.id] });
    await chrome.tabGroups.update(groupId, { title: `Workflow: ${name}`.slice(0, 60), color: 'purple' });
  }
  if (!(await loaded(tab.id))) return err('timeout', `${s.url} did not finish loading in ${TAB_LOAD_MS / 1000} s`);
  const values = { ...savedValues(wf), ...s.params };
  const r = await runWorkflow(wf, tab.id, values, 'nobody');
  // A run that ended well needs nothing from the user: its tab goes, and with its last tab the
  // group (Chrome removes an empty group). A failed, refused or stopped run keeps its tab, on the page
  // where it stopped, for the user to see what went wrong (docs/workflows.md).
  if (r.ok && r.data.status === 'done') await chrome.tabs.remove(tab.id).catch(() => undefined);
  return r;
}

/** The alarm listener's half (service-worker.ts): one scheduled run, or a missed one reported. */
export async function onScheduleAlarm(alarm: chrome.alarms.Alarm): Promise<void> {
  const id = alarm.name.slice(SCHEDULE_ALARM_PREFIX.length);
  const s = (await schedules()).find((x) => x.id === id);
  const wf = await loadWorkflow(id);
  if (!s || !wf) {
    await chrome.alarms.clear(alarm.name);
    return;
  }
  const base = { workflowId: id, name: wf.name, at: Date.now(), healed: 0, modelCalls: 0 };
  if (Date.now() - alarm.scheduledTime > MISSED_AFTER_MS) {
    const late = new Date(alarm.scheduledTime).toISOString();
    await remember({
      ...base,
      status: 'missed',
      error: `missed the run due at ${late} (the browser was closed); not replayed`,
    });
    return;
  }
  const r = await runInOwnTab(s, wf.name);
  if (!r.ok) await remember({ ...base, status: 'failed', error: r.error.message });
  else
    await remember({
      ...base,
      status: r.data.status,
      healed: r.data.healed,
      modelCalls: r.data.modelCalls,
      ...(r.data.error ? { error: r.data.error } : {}),
    });
}
