import type { ZodMiniType } from 'zod/mini';
import { type Result } from '../../../shared/result';
import { pageCall } from '../../page-call';

/** Runs a page tool in one frame of the tab (the top frame unless `frameId` is given) and validates its reply against the shared contract. */
export async function forward<T>(
  tabId: number,
  tool: string,
  args: unknown,
  schema: ZodMiniType<T>,
  frameId = 0,
): Promise<Result<T>> {
  return pageCall(tabId, tool, args, schema, frameId);
}
