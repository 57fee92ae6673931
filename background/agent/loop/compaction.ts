/**
 * Context compaction (issue 15, item 1): a long task resends its whole history every step, and a
 * 40-step task over large pages outgrows any context window. Before a request would not fit, older
 * observations are summarised in place:
 *
 * - the latest tool results stay whole (the model is acting on them);
 * - an older tree read keeps its url/title/page header, the lines of the refs that later calls named
 *   (so the model's own calls still make sense) and its headings; the rest is dropped with a count;
 * - other older page data keeps its opening characters;
 * - only fenced page data is touched: the task, the user's messages, the model's own words, approvals,
 *   refusals and anything else Weaverbird or the user said stay byte for byte;
 * - a summary of page content stays inside the task's untrusted fence (shared/fence.ts).
 *
 * Compacting in place (not per request) keeps the prefix before the first newly summarised result
 * byte-stable, which is what prompt caching (prompt-cache.ts) needs.
 * Pure logic: the loop's side (events, storage) is in compaction-step.ts.
 */
import type { ModelMessage, ToolResultPart } from 'ai';
import { fence, splitFenced } from '../../../shared/fence';
import { parseTreeLine } from '../../../shared/tree-line';
import { refsIn } from '../../../shared/refs';
import { sliceSafe } from '../../../shared/text';
import { isPrintedHeading } from '../../../shared/tree-print';
import { TREE_TOOLS } from './budgets';
// Before any provider count, characters per token are assumed at 3 (shared/token-estimate.ts).
import { DEFAULT_TOKENS_PER_CHAR } from '../../../shared/token-estimate';

/** Marks a summarised result; the summary says what was dropped and how to get it back. */
const COMPACTED_TAG = '[compacted]';

/** Non-tree results keep this many characters of their opening when summarised (brief: fewer). */
const KEEP_CHARS = { normal: 300, brief: 100 } as const;
/** Headings a tree summary keeps (they say what the page was about); none when brief. */
const KEEP_HEADINGS = 4;
/** Every ref token in free text or JSON (`String.prototype.match` resets a global regex, so one is shared). */
const REF_TOKENS = refsIn();

/**
 * Turns request characters into tokens. Every provider step reports the prompt's token count; the
 * ratio of that count to the characters sent calibrates the next estimate, so the estimate is the
 * provider's own figure plus what was added since (issue 15: "uses the provider's token counts").
 */
export class ContextMeter {
  private ratio = DEFAULT_TOKENS_PER_CHAR;
  /** True once a provider count has calibrated the ratio. */
  calibrated = false;

  observe(chars: number, tokens: number): void {
    if (chars <= 0 || tokens <= 0) return;
    this.ratio = tokens / chars;
    this.calibrated = true;
  }

  /** After the provider refused a request as too long: our estimate was low, so count higher. */
  distrust(): void {
    this.ratio *= 1.25;
  }

  tokens(chars: number): number {
    return Math.ceil(chars * this.ratio);
  }
}

/**
 * Each message's JSON length, by identity. The estimate runs every step over the whole history; a
 * history message is never changed in place (it only grows at its end, and compaction replaces the
 * messages it summarises with new objects), so each message is stringified once, not once a step.
 */
const measured = new WeakMap<ModelMessage, number>();

/**
 * Characters of a message list as the wire carries them (JSON), images included if attached:
 * exactly `JSON.stringify(messages).length`, summed per message (brackets and commas added).
 */
export function messagesChars(messages: readonly ModelMessage[]): number {
  let n = messages.length > 0 ? messages.length + 1 : 2;
  for (const m of messages) {
    let chars = measured.get(m);
    if (chars === undefined) {
      chars = JSON.stringify(m).length;
      measured.set(m, chars);
    }
    n += chars;
  }
  return n;
}

/**
 * Room kept free for the reply: providers count the output against the same window. 15% of the
 * window, at least 1,024 and at most 8,192 tokens.
 */
export function promptLimit(contextWindow: number): number {
  const reserve = Math.min(8_192, Math.max(1_024, Math.round(contextWindow * 0.15)));
  return Math.max(1, contextWindow - reserve);
}

interface Level {
  /** How many of the newest tool messages stay whole. */
  keepWhole: number;
  brief: boolean;
}

/** Gentlest first: each is tried until the request fits. */
const LADDER: readonly Level[] = [
  { keepWhole: 2, brief: false },
  { keepWhole: 1, brief: false },
  { keepWhole: 1, brief: true },
];

export interface FitInput {
  history: ModelMessage[];
  /** Characters of everything else in the request: system prompt, tool schemas, chat history, page note. */
  fixedChars: number;
  meter: ContextMeter;
  contextWindow: number;
  nonce: string;
  /** After a provider refused the request as too long: compact as hard as possible. */
  force?: boolean;
}

export interface FitResult {
  history: ModelMessage[];
  beforeTokens: number;
  afterTokens: number;
  /** Tool results summarised by this pass. */
  results: number;
}

/** Null when the request fits as it is (or nothing could be summarised). */
export function fitContext(i: FitInput): FitResult | null {
  const limit = promptLimit(i.contextWindow);
  const estimate = (h: readonly ModelMessage[]) => i.meter.tokens(i.fixedChars + messagesChars(h));
  const beforeTokens = estimate(i.history);
  if (!i.force && beforeTokens <= limit) return null;
  let best: { history: ModelMessage[]; results: number } | null = null;
  for (const level of i.force ? LADDER.slice(-1) : LADDER) {
    const out = compactHistory(i.history, { nonce: i.nonce, ...level });
    if (out.results === 0) continue;
    best = out;
    if (estimate(out.history) <= limit) break;
  }
  if (!best) return null;
  return { history: best.history, beforeTokens, afterTokens: estimate(best.history), results: best.results };
}

export interface CompactOptions extends Level {
  nonce: string;
}

/** Summarises every fenced tool result older than the newest `keepWhole` tool messages. */
export function compactHistory(
  history: readonly ModelMessage[],
  o: CompactOptions,
): { history: ModelMessage[]; results: number } {
  const toolAt = history.flatMap((m, i) => (m.role === 'tool' ? [i] : []));
  const cut = toolAt.length > o.keepWhole ? (toolAt[toolAt.length - o.keepWhole] ?? 0) : 0;
  const later = laterRefs(history);
  let results = 0;
  const out = history.map((m, i): ModelMessage => {
    if (m.role !== 'tool' || i >= cut) return m;
    let changed = false;
    const content = m.content.map((part) => {
      if (part.type !== 'tool-result' || part.output.type !== 'text') return part;
      const summary = summariseResult(part.toolName, part.output.value, later[i] ?? new Set(), o);
      if (summary === null || summary.length >= part.output.value.length) return part;
      changed = true;
      results++;
      const next: ToolResultPart = { ...part, output: { type: 'text', value: summary } };
      return next;
    });
    return changed ? { ...m, content } : m;
  });
  return { history: out, results };
}

/** For each message index, the refs named in tool-call arguments after it. */
function laterRefs(history: readonly ModelMessage[]): Set<string>[] {
  const out: Set<string>[] = new Array<Set<string>>(history.length);
  let acc = new Set<string>();
  for (let i = history.length - 1; i >= 0; i--) {
    out[i] = acc;
    const m = history[i];
    if (m?.role !== 'assistant' || typeof m.content === 'string') continue;
    const found: string[] = [];
    for (const p of m.content) {
      if (p.type === 'tool-call') found.push(...(JSON.stringify(p.input ?? {}).match(REF_TOKENS) ?? []));
    }
    if (found.length > 0) acc = new Set([...acc, ...found]);
  }
  return out;
}

/**
 * One result's summary, or null when it must stay whole: not fenced (Weaverbird's or the user's
 * words: refusals, approvals, answers), or already as short as this level makes it.
 */
export function summariseResult(
  tool: string,
  text: string,
  refs: ReadonlySet<string>,
  o: { nonce: string; brief: boolean },
): string | null {
  const { fenced, notes } = splitFenced(text);
  if (!fenced || fenced.nonce !== o.nonce) return null;
  const body = TREE_TOOLS.has(tool) ? summariseTree(fenced.body, refs, o.brief) : summariseText(fenced.body, o.brief);
  if (body === null) return null;
  // The loop guard's notes after the fence are Weaverbird's: short, and they may matter.
  return `${fence(o.nonce, fenced.source, body)}${notes ? `\n${notes}` : ''}`;
}

const HEADER = /^(url|title|frame|page \d+ of \d+) ?:?/;

function summariseTree(body: string, refs: ReadonlySet<string>, brief: boolean): string | null {
  const lines = body.split('\n');
  const kept: string[] = [];
  let headings = 0;
  let dropped = 0;
  for (const line of lines) {
    if (line.startsWith(COMPACTED_TAG)) continue;
    if (HEADER.test(line) && !line.startsWith(' ')) {
      kept.push(line);
      continue;
    }
    const named = (line.match(REF_TOKENS) ?? []).some((r) => refs.has(r) || refs.has(r.replace(/^f0:/, '')));
    // Headings print as `h1`…`h6` (shared/tree-print.ts printedRole): judged on the parsed role, never on
    // the line's text, so a grammar change cannot silently stop compaction keeping them.
    const heading = !brief && headings < KEEP_HEADINGS && isPrintedHeading(parseTreeLine(line)?.role ?? '');
    if (named || heading) {
      if (heading && !named) headings++;
      kept.push(line.trim());
    } else if (line.trim() !== '' && !line.startsWith('[')) dropped++;
  }
  if (dropped === 0) return null;
  // The brief head is repeated on every old read of a long task in a small window: a few words each.
  const head = brief
    ? `${COMPACTED_TAG} Older read, ${dropped} lines dropped; its refs may be stale.`
    : `${COMPACTED_TAG} Older read, summarised to fit the context window: ${dropped} tree lines dropped; kept the header and the lines of refs used later and the first headings. These refs may be stale: read the page again before acting on anything here.`;
  return [head, ...kept].join('\n');
}

function summariseText(body: string, brief: boolean): string | null {
  const keep = brief ? KEEP_CHARS.brief : KEEP_CHARS.normal;
  const plain = body.startsWith(COMPACTED_TAG) ? body.slice(body.indexOf('\n') + 1) : body;
  if (plain.length <= keep + 80) return null;
  return `${COMPACTED_TAG} Older result, summarised to fit the context window: the first ${keep} of ${plain.length} characters.\n${sliceSafe(plain, keep)}…`;
}
