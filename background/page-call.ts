/**
 * The one typed page call (issue 27, "one schema per contract"): a page tool's reply is checked
 * against the contract schema in one place, and this is the only place that answers `bad_reply` for
 * a page reply. `checkReply` takes a reply already fetched (callers that route frames, add their own
 * deadline or reword page errors first); `pageCall` sends and checks in one step. Either zod flavour
 * works: both are `$ZodType`s, and `safeParse` from zod/mini parses classic schemas too.
 */
import * as z from 'zod/mini';
import { err, ok, type Result } from '../shared/result';
import { formatIssues } from '../shared/zod-issues';
import { sendToContent } from './content-bridge';

/**
 * The reply when it fits `schema`; a page error passes through unchanged; a reply of the wrong shape
 * becomes `bad_reply` naming `what` and the first mismatches. Whether an action behind a malformed
 * reply happened is unknown, so the message says to re-read rather than retry blind.
 */
export function checkReply<S extends z.core.$ZodType>(
  reply: Result<unknown>,
  schema: S,
  what: string,
): Result<z.output<S>> {
  if (!reply.ok) return reply;
  const parsed = z.safeParse(schema, reply.data);
  if (parsed.success) return ok(parsed.data);
  return err(
    'bad_reply',
    `the page returned a malformed ${what} (${formatIssues(parsed.error, 2, 'reply')}); re-read the page, reload it if this repeats, and retry`,
  );
}

/** Runs page tool `tool` in one frame (the top frame unless `frameId` is given) and checks its reply against `schema`. */
export async function pageCall<S extends z.core.$ZodType>(
  tabId: number,
  tool: string,
  args: unknown,
  schema: S,
  frameId = 0,
  deadlineMs?: number,
): Promise<Result<z.output<S>>> {
  const reply = await sendToContent(tabId, { type: 'tool', tool, args }, frameId, deadlineMs);
  return checkReply(reply, schema, `${tool} reply`);
}
