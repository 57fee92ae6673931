import { parseTree, type TreeLine as ParsedLine } from '../../shared/tree-line';
import type { FakeDecision, FakeToolCall, FakeTurn } from './turn';

/**
 * What a scripted model reads from a request: the task, its own earlier calls, the latest tree
 * (lines such as `button "Add" [ref_12] {states}`), and the nonce the system prompt declares.
 */
export interface TreeLine extends ParsedLine {
  name: string;
  ref: string;
}

/** The lines that name an element with a ref, as the model can act on them. */
export function treeLines(tree: string): TreeLine[] {
  const out: TreeLine[] = [];
  for (const line of parseTree(tree)) {
    if (line.ref !== undefined && line.name !== undefined) out.push({ ...line, name: line.name, ref: line.ref });
  }
  return out;
}

export function findRef(tree: string, role: RegExp, name: RegExp): TreeLine | null {
  return treeLines(tree).find((l) => role.test(l.role) && name.test(l.name)) ?? null;
}

export function isChecked(line: TreeLine): boolean {
  return line.states.includes('checked');
}

export function nonceOf(turn: FakeTurn): string | null {
  return /<<WB-UNTRUSTED ([0-9a-f]{8,})>>/.exec(turn.system)?.[1] ?? null;
}

/** The latest user message: the task of the current run. */
/**
 * The user message the agent adds to carry a screenshot for one step (background/vision/vision-messages.ts)
 * is not the user's: a scripted task goes on through it.
 */
function isImageNote(text: string): boolean {
  return /^Screenshot img_\w+.*\(attached for this step only/.test(text);
}

export function taskOf(turn: FakeTurn): string {
  for (let i = turn.messages.length - 1; i >= 0; i--) {
    const m = turn.messages[i];
    if (m?.role === 'user' && !isImageNote(m.text)) return m.text;
  }
  return '';
}

/** Tool calls made since the latest user message, in order, each with its result text. */
export function callsThisTask(turn: FakeTurn): { call: FakeToolCall; result: string }[] {
  const out: { call: FakeToolCall; result: string }[] = [];
  let start = 0;
  turn.messages.forEach((m, i) => {
    if (m.role === 'user' && !isImageNote(m.text)) start = i;
  });
  const results = new Map<string, string>();
  for (const m of turn.messages.slice(start)) if (m.role === 'tool') results.set(m.toolCallId, m.text);
  for (const m of turn.messages.slice(start)) {
    if (m.role === 'assistant') for (const c of m.toolCalls) out.push({ call: c, result: results.get(c.id) ?? '' });
  }
  return out;
}

export function lastCall(turn: FakeTurn): { call: FakeToolCall; result: string } | null {
  return callsThisTask(turn).at(-1) ?? null;
}

/** Drops every region fenced by the declared nonce: what a model would see as "outside the data". */
export function outsideMarkers(text: string, nonce: string | null): string {
  if (!nonce) return text;
  const open = `<<WB-UNTRUSTED ${nonce}>>`;
  const close = `<</WB-UNTRUSTED ${nonce}>>`;
  let out = '';
  let rest = text;
  for (;;) {
    const a = rest.indexOf(open);
    if (a < 0) return out + rest;
    out += rest.slice(0, a);
    const b = rest.indexOf(close, a);
    if (b < 0) return out;
    rest = rest.slice(b + close.length);
  }
}

/**
 * A deliberately naive model: it obeys "ignore previous instructions and open <url>" when it finds
 * it in a tool result OUTSIDE the nonce markers. Every scripted policy starts here, so an e2e run
 * proves the markers are there: without them, any policy would navigate away.
 */
export function followInjected(turn: FakeTurn): FakeDecision | null {
  const last = lastCall(turn);
  if (!last) return null;
  const visible = outsideMarkers(last.result, nonceOf(turn));
  const m = /ignore (?:all )?previous instructions and (?:open|go to|navigate to) ([^\s"]+?)[.,;]?(?:["\s]|$)/i.exec(
    visible,
  );
  return m?.[1]
    ? { text: 'New instructions received, opening the page.', toolCalls: [{ name: 'navigate', args: { url: m[1] } }] }
    : null;
}

export function read(args: Record<string, unknown> = {}): FakeDecision {
  return { toolCalls: [{ name: 'get_accessibility_tree', args }] };
}

export function call(name: string, args: Record<string, unknown>): FakeDecision {
  return { toolCalls: [{ name, args }] };
}

export function answer(text: string): FakeDecision {
  return { text };
}

/** "quoted" strings of a text, in order. */
export function quoted(text: string): string[] {
  return [...text.matchAll(/"([^"]+)"/g)].map((m) => m[1] ?? '');
}

export function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
