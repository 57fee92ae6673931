import type { Result } from '../../shared/result';

/**
 * A page-side tool handler. Arguments arrive unvalidated: each handler parses them with its
 * tool's zod contract from `shared/tools/`, so a malformed call is an error value, never a throw.
 */
export interface ContentHandler {
  readonly name: string;
  run(args: unknown, doc: Document): Promise<Result<unknown>> | Result<unknown>;
}
