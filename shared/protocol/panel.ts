import * as z from 'zod/mini';
import { SettingsSchema } from '../settings';
import { TaskBudgetSchema } from '../task-budget';

const TabId = z.number().check(z.int(), z.nonnegative());

/** Side panel → service worker, one-shot requests over chrome.runtime.sendMessage. */
export const PanelRequestSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('get_tab_info'), tabId: TabId }),
  // Settings: replies carry PublicSettings (never the key itself).
  z.object({ type: z.literal('get_settings') }),
  // An omitted apiKey keeps the stored one, so the masked field need not be re-typed.
  z.object({ type: z.literal('set_settings'), settings: SettingsSchema }),
  z.object({ type: z.literal('test_connection'), settings: z.optional(SettingsSchema) }),
  // Debug: the last LLM request/response pairs (keys redacted) and the latest tree the agent read.
  z.object({ type: z.literal('get_trace') }),
  // Debug: the raw Chrome accessibility payloads chrome_ax_tree kept (background/cdp/ax-recovery.ts).
  z.object({ type: z.literal('get_ax_recovery') }),
  z.object({ type: z.literal('get_latest_tree'), tabId: TabId }),
  // Verbose viewer: outline the element behind a ref in the page (frame-qualified refs allowed).
  z.object({ type: z.literal('highlight_ref'), tabId: TabId, ref: z.string() }),
  // Tool cards: the bytes of a screenshot, kept in worker memory only (thumbnail and Save).
  z.object({ type: z.literal('get_image'), id: z.string().check(z.maxLength(40)) }),
  // Workflows (docs/workflows.md): save the tab's last task, list them for the "/" palette, run one.
  z.object({
    type: z.literal('save_workflow'),
    tabId: TabId,
    name: z.string().check(z.minLength(1), z.maxLength(120)),
    params: z.record(z.string(), z.string()),
  }),
  z.object({ type: z.literal('list_workflows') }),
  // params: the values typed at run time ({{password}} among them: sent, never stored); budget: this run's ceiling.
  z.object({
    type: z.literal('run_workflow'),
    tabId: TabId,
    id: z.string().check(z.maxLength(80)),
    params: z.optional(z.record(z.string(), z.string().check(z.maxLength(2000)))),
    budget: z.optional(TaskBudgetSchema),
  }),
  // The user's yes to an imported workflow's steps and origins, after the panel's review screen.
  z.object({ type: z.literal('approve_workflow'), id: z.string().check(z.maxLength(80)) }),
  // MCP tab picker (docs/mcp.md "Tabs"): the window's tabs for the session driving `tabId`; the user ticks one.
  z.object({ type: z.literal('mcp_tabs'), tabId: TabId }),
  z.object({ type: z.literal('mcp_pick_tab'), tabId: TabId, pick: TabId, allowed: z.boolean() }),
]);
export type PanelRequest = z.infer<typeof PanelRequestSchema>;

export const TabInfoSchema = z.object({
  tabId: z.number(),
  title: z.string(),
  url: z.string(),
  /** Set when a running task opened this tab: the task's own (start) tab, whose chat the panel shows. */
  taskTab: z.optional(z.number()),
});
export type TabInfo = z.infer<typeof TabInfoSchema>;

/** One row of the MCP tab picker: `start` and `opened` tabs are the session's own, `granted` ones the user ticked. */
export const McpTabChoiceSchema = z.object({
  tabId: z.number(),
  title: z.string(),
  url: z.string(),
  role: z.enum(['start', 'opened', 'granted', 'none']),
  /** Another Weaverbird task runs in this tab, so it cannot be given to the session. */
  busy: z.optional(z.boolean()),
});
export type McpTabChoice = z.infer<typeof McpTabChoiceSchema>;
