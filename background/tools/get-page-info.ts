import { z } from 'zod';
import { PageInfoSchema, PingReplySchema } from '../../src/protocol/content';
import { err, ok } from '../../src/result';
import { sendToContent } from '../content-bridge';
import { defineTool } from './define-tool';
import { sanitizeUrl } from '../../src/url-sanitize';

type FrameInfo = { frameId: number; parentFrameId: number; url: string; scriptsReady: boolean };

async function listFrames(tabId: number): Promise<FrameInfo[]> {
  const frames = (await chrome.webNavigation.getAllFrames({ tabId })) ?? [];
  return Promise.all(
    frames.map(async (f) => {
      const ping = await sendToContent(tabId, { type: 'ping' }, f.frameId);
      const ready = ping.ok && PingReplySchema.safeParse(ping.data).success;
      return { frameId: f.frameId, parentFrameId: f.parentFrameId, url: sanitizeUrl(f.url), scriptsReady: ready };
    }),
  );
}

export const getPageInfo = defineTool({
  name: 'get_page_info',
  description:
    'Returns the current page URL, title, load state and its frames (frameId, parentFrameId, url, whether Weaverbird scripts answer there). Cheap; use it to orient before reading the tree.',
  schema: z.object({}).strict(),
  modes: ['ask', 'act', 'dev'],
  readOnly: true,
  async handler(_args, ctx) {
    const reply = await sendToContent(ctx.tabId, { type: 'tool', tool: 'page_info', args: {} });
    if (!reply.ok) return reply;
    const info = PageInfoSchema.safeParse(reply.data);
    if (!info.success) return err('bad_reply', 'the page returned malformed page info; reload the page and retry');
    const frames = await listFrames(ctx.tabId);
    return ok({ ...info.data, url: sanitizeUrl(info.data.url), frames });
  },
});
