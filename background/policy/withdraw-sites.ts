/**
 * Takes back what a task was granted for some sites, when the user takes back the tab that brought
 * them (an MCP session's tab picker, background/mcp/tab-picker.ts; docs/mcp.md "Tabs"). Ticking a tab
 * approves its site for the session; without this, unticking it would leave that site open to the
 * session through another door (`new_tab` to the same site, free again; a "trust this site" grant;
 * the site's frames embedded elsewhere). What goes: the site's navigation approval, the task's own
 * "trust this site for this task" grants there, and its approved frame reads. An hour-long grant the
 * user chose is theirs, not the task's, and stays. The caller saves the record and refreshes the
 * navigation guard.
 */
import type { TaskRecord } from '../agent/task/state-store';
import { withdrawOrigins } from './origin-policy';
import { forgetFrameOrigins } from './read-gate';
import { forgetTaskTrustFor } from './trusted-sites';

export async function withdrawSites(
  rec: Pick<TaskRecord, 'taskId' | 'origins'>,
  origins: readonly string[],
): Promise<void> {
  if (origins.length === 0) return;
  if (rec.origins) rec.origins = withdrawOrigins(rec.origins, origins);
  await forgetTaskTrustFor(rec.taskId, origins);
  await forgetFrameOrigins(rec.taskId, origins);
}
