import { z } from 'zod';
import { err, ok } from '../../shared/result';
import { networkLogOf, NETWORK_RING } from '../observe/network-log';
import { NET_FILTERS, networkReport } from '../observe/network-report';
import { defineTool } from './define-tool';

export const networkRead = defineTool({
  name: 'network_read',
  family: 'debug',
  description:
    "Requests of this task's tab since the task started (newest `limit`, oldest first), one line each: method, status (or failed/pending), type, time, URL, error. URLs are redacted: query and fragment show as ?… and #…, id- and token-shaped path parts as :id. summary counts by type (images, fonts, styles, media and beacons under other), failed and mutating requests. Use filter:'failed' to find why a submit or load failed (e.g. POST 422), 'mutations' to see what was written.",
  schema: z
    .object({
      limit: z.number().int().min(1).max(NETWORK_RING).optional().describe('how many requests to list (default 50)'),
      filter: z
        .enum(NET_FILTERS)
        .optional()
        .describe('all (default), failed (status ≥ 400 or network error), mutations'),
    })
    .strict(),
  modes: ['ask', 'act', 'dev'],
  tiers: ['mid', 'full'],
  readOnly: true,
  async handler(args, ctx) {
    const log = networkLogOf(ctx.tabId);
    if (!log) {
      return err(
        'not_recording',
        `no task is recording tab ${ctx.tabId}'s requests: network_read sees the requests of a running task's tab since the task started`,
      );
    }
    return ok(
      networkReport(log.entries(), {
        since: log.since,
        seen: log.seen,
        filter: args.filter ?? 'all',
        limit: args.limit ?? 50,
      }),
    );
  },
});
