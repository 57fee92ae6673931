/**
 * `network_body`: one response body by the id network_read prints (`#812`), issue 28. Off by default
 * (the `networkBodies` setting: background/observe/network-bodies.ts keeps bodies only while a task
 * runs with it on). Only a body from an origin the task may read (the read gate's `url`), credentials
 * blanked (shared/body-redact.ts), capped; the agent loop fences it as page data like every read.
 */
import { z } from 'zod';
import { redactBody } from '../../shared/body-redact';
import { err, ok } from '../../shared/result';
import { cut } from '../../shared/text';
import { send } from '../cdp/cdp-client';
import { bodyRequest } from '../observe/network-bodies';
import { defineTool } from './define-tool';

/** Characters of body the model reads at most: a body is for one field's value, not a download. */
const BODY_MAX_CHARS = 16_000;
const BODY_DEADLINE_MS = 5_000;

const BodyReply = z.object({ body: z.string(), base64Encoded: z.boolean() });

export const networkBody = defineTool({
  name: 'network_body',
  family: 'debug',
  description:
    "A response body by the #id of a network_read line; credentials blanked. Only when the user turned response bodies on in settings, and only for requests to this task's own sites.",
  schema: z.strictObject({
    requestId: z
      .string()
      .regex(/^#?\d{1,12}$/, 'the #id at the start of a network_read line, e.g. "#812"')
      .describe('e.g. "#812"'),
  }),
  modes: ['ask', 'act', 'dev'],
  tiers: ['mid', 'full'],
  // Bodies come from CDP's Network domain; the Firefox build has none (webRequest.filterResponseData
  // would need blocking listeners, which this extension never registers).
  browsers: ['chrome'],
  readOnly: true,
  async handler(args, ctx) {
    const id = args.requestId.replace(/^#/, '');
    const req = bodyRequest(ctx.tabId, id);
    if (!req.ok) return req;
    if (ctx.reads) {
      const allowed = await ctx.reads.url(req.data.url, `request #${id}`);
      if (!allowed.ok) return allowed;
    }
    const got = await send(ctx.tabId, 'Network.getResponseBody', { requestId: req.data.cdpId }, BODY_DEADLINE_MS);
    if (!got.ok) {
      return err(
        'no_body',
        `no body for request #${id}: ${got.error.message}. Chrome keeps a body only until the page navigates or its buffer fills; read it right after the request`,
      );
    }
    const reply = BodyReply.safeParse(got.data);
    if (!reply.success) return err('no_body', `no body for request #${id}: the browser's reply had none`);
    if (reply.data.base64Encoded) {
      return ok({ requestId: `#${id}`, binary: true, bytes: Math.floor((reply.data.body.length * 3) / 4) });
    }
    const { text, json } = redactBody(reply.data.body);
    const truncated = text.length > BODY_MAX_CHARS;
    return ok({
      requestId: `#${id}`,
      json,
      chars: text.length,
      ...(truncated ? { truncated: true } : {}),
      body: truncated ? cut(text, BODY_MAX_CHARS) : text,
    });
  },
});
