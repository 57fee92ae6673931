/**
 * The side panel's workflow requests (shared/protocol/panel.ts): "Save as workflow" after a task
 * ended well, the saved workflows for the "/" palette, the review screen's approval of an imported
 * one, and running one in the panel's tab with the values and budget the run form gave. The same
 * functions as `wb.workflows` (console.ts), so the gates are the same.
 */
import { onPanelRequest } from '../panel-messages';
import { workflowsConsole } from './console';

export function registerWorkflowPanelRequests(): void {
  onPanelRequest('save_workflow', (r) => workflowsConsole.save({ tabId: r.tabId, name: r.name, params: r.params }));
  onPanelRequest('list_workflows', async () => ({ ok: true, data: await workflowsConsole.list() }));
  onPanelRequest('approve_workflow', (r) => workflowsConsole.approve(r.id));
  onPanelRequest('run_workflow', (r) =>
    workflowsConsole.run({
      id: r.id,
      tabId: r.tabId,
      wait: true,
      ...(r.params ? { params: r.params } : {}),
      ...(r.budget ? { budget: r.budget } : {}),
    }),
  );
}
