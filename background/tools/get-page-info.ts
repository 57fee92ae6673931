import { z } from 'zod';
import { PageInfoSchema } from '../../shared/protocol/content';
import { ok } from '../../shared/result';
import { frameReachable } from '../content-bridge';
import { withTimeout } from '../../shared/timeout';
import { defineTool } from './define-tool';
import { syncFrames } from '../frames/frame-store';
import { sanitizeUrl } from '../../shared/url-sanitize';
import { pageCall } from '../page-call';
import { discoverSiteTools, listSiteTools } from '../webmcp/site-tools';

/** Frames are named as every frame tool names them (f0 = the page, f1…), never by Chrome's own numbers. */
type FrameInfo = { frameId: string; parent: string | null; url: string; scriptsReady: boolean };

/** A frame that does not answer in this time is reported as not ready rather than stall the tool. */
const FRAME_PROBE_MS = 3000;

/**
 * The frame list from the browser (webNavigation.getAllFrames, through syncFrames), each frame probed
 * without loading Weaverbird's scripts into it: a page with thirty ad frames pays for none of them
 * until a frame tool reads one. The top frame answered page_info already.
 */
async function listFrames(tabId: number): Promise<FrameInfo[]> {
  const frames = await syncFrames(tabId);
  if (!frames.ok) return [];
  return Promise.all(
    frames.data.map(async (f) => {
      const ready =
        f.chromeFrameId === 0 ||
        (await withTimeout(frameReachable(tabId, f.chromeFrameId), FRAME_PROBE_MS, () => false));
      return { frameId: f.id, parent: f.parent, url: sanitizeUrl(f.url), scriptsReady: ready };
    }),
  );
}

export const getPageInfo = defineTool({
  name: 'get_page_info',
  family: 'data',
  description:
    'Returns the current page URL, title, load state and its frames (frameId such as "f1" as the frame tools take it, parent, url, whether Weaverbird can read and act there; its scripts load when a frame tool first reads it). Lists the site’s own tools (call them with site_tool) when it has any. Cheap; use it to orient before reading the tree.',
  schema: z.object({}).strict(),
  modes: ['ask', 'act', 'dev'],
  readOnly: true,
  async handler(_args, ctx) {
    const info = await pageCall(ctx.tabId, 'page_info', {}, PageInfoSchema);
    if (!info.ok) return info;
    const [frames, site] = await Promise.all([listFrames(ctx.tabId), discoverSiteTools(ctx.tabId)]);
    // The site's own tools (WebMCP, docs/webmcp.md): listed only when a page publishes some.
    const siteTools =
      site.tools.length > 0
        ? { siteTools: listSiteTools(site), siteToolApi: `${site.native ? 'native' : 'page'}: ${site.apis.join(', ')}` }
        : {};
    return ok({ ...info.data, url: sanitizeUrl(info.data.url), frames, ...siteTools });
  },
});
