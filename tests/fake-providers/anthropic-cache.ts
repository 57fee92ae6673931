import { createHash } from 'node:crypto';
import { isRecord } from './turn';

/**
 * Anthropic's prompt cache, reduced to what the agent's use of it needs proving
 * (https://docs.anthropic.com/en/docs/build-with-claude/prompt-caching): the request is one sequence
 * of blocks (tools, then system, then each message's content blocks); a block carrying
 * `cache_control` is a breakpoint, and the prefix up to it is written to the cache. A later request
 * whose prefix matches a cached one up to some block boundary reads that much from the cache.
 * Tokens are counted as the fake counts everything: characters / 4.
 */
export interface CacheUse {
  /** Blocks marked with cache_control in this request. */
  breakpoints: number;
  /** Tokens of the prefix read from the cache. */
  read: number;
  /** Tokens written to the cache (from the read point to the last breakpoint). */
  write: number;
}

function blocksOf(body: Record<string, unknown>): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  for (const t of Array.isArray(body.tools) ? body.tools : []) if (isRecord(t)) out.push(t);
  if (typeof body.system === 'string') out.push({ type: 'text', text: body.system });
  else if (Array.isArray(body.system)) for (const b of body.system) if (isRecord(b)) out.push(b);
  for (const m of Array.isArray(body.messages) ? body.messages : []) {
    if (!isRecord(m)) continue;
    if (typeof m.content === 'string') out.push({ role: m.role, type: 'text', text: m.content });
    else if (Array.isArray(m.content)) for (const b of m.content) if (isRecord(b)) out.push({ role: m.role, ...b });
  }
  return out;
}

export class FakePromptCache {
  private readonly entries = new Set<string>();

  serve(body: unknown): CacheUse {
    if (!isRecord(body)) return { breakpoints: 0, read: 0, write: 0 };
    const hash = createHash('sha256');
    let chars = 0;
    let readChars = 0;
    let lastBreakChars = 0;
    let breakpoints = 0;
    const written: string[] = [];
    for (const block of blocksOf(body)) {
      const { cache_control: mark, ...rest } = block;
      const text = JSON.stringify(rest);
      hash.update(text);
      chars += text.length;
      const key = hash.copy().digest('hex');
      if (this.entries.has(key)) readChars = chars;
      if (mark !== undefined) {
        breakpoints++;
        lastBreakChars = chars;
        written.push(key);
      }
    }
    for (const key of written) this.entries.add(key);
    const tokens = (n: number) => Math.ceil(n / 4);
    const read = tokens(readChars);
    return { breakpoints, read, write: Math.max(0, tokens(lastBreakChars) - read) };
  }
}
