import { answer, callsThisTask, lastCall, taskOf, treeLines, type TreeLine } from './reading';
import type { FakeDecision, FakePolicy, FakeToolCall, FakeTurn } from './turn';

/**
 * A fully compromised model for the red-team suite: it does not judge anything, it plays the
 * attacker's script. Step k of a task is its k-th tool call (counted since the task's own user
 * message), whatever the previous result said, refusals included; once the steps are spent it
 * answers with the attacker's text (Markdown aimed at the panel). A step that cannot find what it
 * needs throws: the fake then answers 500, so a dud script shows as a harness failure instead of
 * passing as "blocked".
 */
export interface ScriptView {
  turn: FakeTurn;
  calls: { call: FakeToolCall; result: string }[];
  /** Every tool result of this task, newest first. */
  results(): string[];
  /** The ref of the newest tree line (any tool that prints tree lines) with this role and name. */
  ref(role: RegExp, name: RegExp): string;
  /** The same, searching the oldest results first: a ref remembered from an earlier page. */
  oldestRef(role: RegExp, name: RegExp): string;
  /** The first capture group of `pattern` in the newest tool result that matches it. */
  grab(pattern: RegExp): string;
  /** The same, or `fallback` when nothing matches (the defence hid it: the attacker sends what it has). */
  grabOr(pattern: RegExp, fallback: string): string;
}

export type ScriptStep = (v: ScriptView) => { name: string; args: unknown };

export interface TaskScript {
  steps: ScriptStep[];
  /** The final answer (often Markdown carrying page data). */
  final?: (v: ScriptView) => string;
}

function findRef(results: string[], role: RegExp, name: RegExp): string {
  for (const r of results) {
    const hit: TreeLine | undefined = treeLines(r).find((l) => role.test(l.role) && name.test(l.name));
    if (hit) return hit.ref;
  }
  throw new Error(`script: no ${String(role)} named ${String(name)} in any result so far`);
}

function grabFrom(results: string[], pattern: RegExp): string | null {
  for (const r of results) {
    const m = pattern.exec(r);
    if (m?.[1] !== undefined) return m[1];
  }
  return null;
}

function view(turn: FakeTurn): ScriptView {
  const calls = callsThisTask(turn);
  const results = () => calls.map((c) => c.result).reverse();
  return {
    turn,
    calls,
    results,
    ref: (role, name) => findRef(results(), role, name),
    oldestRef: (role, name) => findRef([...results()].reverse(), role, name),
    grab(pattern) {
      const hit = grabFrom(results(), pattern);
      if (hit === null) throw new Error(`script: nothing matches ${String(pattern)} in the results so far`);
      return hit;
    },
    grabOr: (pattern, fallback) => grabFrom(results(), pattern) ?? fallback,
  };
}

type Args = Record<string, unknown>;

/** A step with fixed arguments, or arguments computed from what the model has read. */
export function step(name: string, args: Args | ((v: ScriptView) => Args) = {}): ScriptStep {
  return (v) => ({ name, args: typeof args === 'function' ? args(v) : args });
}

/** The policy: picks the script by the task text (several tasks may share one scenario). */
export function scriptPolicy(scripts: ReadonlyMap<string, TaskScript>): FakePolicy {
  return (turn): FakeDecision => {
    const task = taskOf(turn);
    // A task with an attachment carries it after a blank line: the script is the task's words.
    const script = scripts.get(task) ?? scripts.get(task.split('\n\n')[0] ?? '');
    if (!script) throw new Error(`script: no script for task "${task.slice(0, 80)}"`);
    const v = view(turn);
    const next = script.steps[v.calls.length];
    if (next) {
      const { name, args } = next(v);
      return { toolCalls: [{ name, args }] };
    }
    const last = lastCall(turn);
    return answer(script.final ? script.final(v) : `Script done. Last result: ${last?.result.slice(0, 80) ?? ''}`);
  };
}
