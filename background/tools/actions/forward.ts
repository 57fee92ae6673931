import type { ZodMiniType } from 'zod/mini';
import { err, ok, type Result } from '../../../shared/result';
import { sendToContent } from '../../content-bridge';

/** Runs a page tool in one frame of the tab (the top frame unless `frameId` is given) and validates its reply against the shared contract. */
export async function forward<T>(
  tabId: number,
  tool: string,
  args: unknown,
  schema: ZodMiniType<T>,
  frameId = 0,
): Promise<Result<T>> {
  const reply = await sendToContent(tabId, { type: 'tool', tool, args }, frameId);
  if (!reply.ok) return reply;
  const parsed = schema.safeParse(reply.data);
  if (!parsed.success)
    return err('bad_reply', `the page returned a malformed ${tool} result; re-read the tree and retry`);
  return ok(parsed.data);
}
