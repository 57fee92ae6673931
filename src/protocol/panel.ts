import * as z from 'zod/mini';

/** Side panel → service worker, one-shot requests over chrome.runtime.sendMessage. */
export const PanelRequestSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('get_tab_info'), tabId: z.number().check(z.int(), z.nonnegative()) }),
]);
export type PanelRequest = z.infer<typeof PanelRequestSchema>;

export const TabInfoSchema = z.object({
  tabId: z.number(),
  title: z.string(),
  url: z.string(),
});
export type TabInfo = z.infer<typeof TabInfoSchema>;
