/**
 * Scripted models for plan first, take over and ask_user (tests/e2e/agent-plan.e2e.ts). Each reads
 * the whole conversation of its task (one fresh tab per test), since a Resume note is a user message
 * that the task-scoped helpers of reading.ts would take for a new task.
 */
import { answer, call, findRef, read } from './reading';
import type { FakePolicy, FakeToolCall, FakeTurn } from './turn';

interface Done {
  call: FakeToolCall;
  result: string;
}

/** Every tool call of the conversation with its result, in order. */
function allCalls(turn: FakeTurn): Done[] {
  const results = new Map<string, string>();
  for (const m of turn.messages) if (m.role === 'tool') results.set(m.toolCallId, m.text);
  return turn.messages.flatMap((m) =>
    m.role === 'assistant' ? m.toolCalls.map((c) => ({ call: c, result: results.get(c.id) ?? '' })) : [],
  );
}

/** The newest successful tree read, or null. */
function newestTree(calls: Done[]): string | null {
  for (let i = calls.length - 1; i >= 0; i--) {
    const c = calls[i];
    if (c?.call.name === 'get_accessibility_tree' && c.result.includes('tree_revision')) return c.result;
  }
  return null;
}

export interface PlanScript {
  sites: string[];
  /** Pages to open after the plan is approved and the button clicked, in order (each read once). */
  visits: string[];
}

/**
 * Plan first: reads, tries to click "Add mug" (refused until a plan is approved), proposes a plan,
 * then clicks, opens each visit URL, reads it, and answers with what the last page said.
 */
export function planPolicy(script: PlanScript): FakePolicy {
  return (turn) => {
    const calls = allCalls(turn);
    const last = calls.at(-1);
    if (!last) return read();
    const proposed = calls.find((c) => c.call.name === 'propose_plan');
    if (!proposed) {
      const tree = newestTree(calls);
      const tried = calls.some((c) => c.call.name === 'click_ax');
      const add = tree ? findRef(tree, /^button$/, /^Add mug$/) : null;
      if (!tried && add) return call('click_ax', { ref_id: add.ref });
      return call('propose_plan', {
        steps: ['Add one mug to the cart', 'Compare the price on the partner site'],
        sites: script.sites,
        changes: 'Adds one mug to the cart.',
      });
    }
    if (!/^APPROVED/.test(proposed.result)) return answer(`No plan: ${proposed.result.slice(0, 120)}`);
    const clicked = calls.filter((c) => c.call.name === 'click_ax').at(-1);
    if (!clicked || /^REFUSED: plan first/.test(clicked.result)) {
      const tree = newestTree(calls);
      if (last.call.name !== 'get_accessibility_tree') return read();
      const add = tree ? findRef(tree, /^button$/, /^Add mug$/) : null;
      return add ? call('click_ax', { ref_id: add.ref }) : answer('No Add mug button.');
    }
    const opened = calls.filter((c) => c.call.name === 'navigate');
    if (last.call.name === 'navigate') {
      if (/REFUSED BY THE USER|ERROR/.test(last.result))
        return answer(`Stopped at ${String(opened.length)}: declined.`);
      return read();
    }
    const next = script.visits[opened.length];
    if (next) return call('navigate', { url: next });
    const said = /"([^"]*price[^"]*)"/i.exec(newestTree(calls) ?? '');
    return answer(`Done. ${said?.[1] ?? 'no price seen'}`);
  };
}

/**
 * Take over: reads, then clicks the buttons named in order, one a step; after a Resume note it
 * reads again before the next click (refs from before are stale), then answers with the log.
 */
export function buttonsPolicy(names: string[]): FakePolicy {
  return (turn) => {
    const calls = allCalls(turn);
    const last = calls.at(-1);
    const lastMessage = turn.messages.at(-1);
    const resumed = lastMessage?.role === 'user' && /took over the tab/.test(lastMessage.text);
    if (!last || resumed || /^SKIPPED/.test(last.result)) {
      // A SKIPPED call is only seen together with the Resume note; read either way.
      return read();
    }
    const tree = newestTree(calls);
    if (!tree) return read();
    const done = calls.filter((c) => c.call.name === 'click_ax' && !/SKIPPED|ERROR|REFUSED/.test(c.result));
    const next = names[done.length];
    if (next) {
      const b = findRef(tree, /^button$/, new RegExp(`^${next}$`));
      return b ? call('click_ax', { ref_id: b.ref }) : answer(`No ${next} button.`);
    }
    if (last.call.name !== 'get_accessibility_tree') return read();
    const log = /"(Log:[^"]*)"/.exec(tree);
    return answer(log?.[1] ?? 'no log');
  };
}

/** ask_user: reads, asks for a name, types the answer into the Name box, and reports it. */
export const askNamePolicy: FakePolicy = (turn) => {
  const calls = allCalls(turn);
  const last = calls.at(-1);
  if (!last) return read();
  const asked = calls.find((c) => c.call.name === 'ask_user');
  if (!asked) return call('ask_user', { question: 'What name should go on the order?' });
  const given = /The user answered \(their own words\):\n([\s\S]*)$/.exec(asked.result)?.[1];
  if (!given) return answer(`No answer: ${asked.result.slice(0, 120)}`);
  const typed = calls.find((c) => c.call.name === 'type_ax');
  if (!turn.tools.some((t) => t.name === 'type_ax')) return answer(`The name is ${given}.`);
  if (!typed) {
    const box = findRef(newestTree(calls) ?? '', /^textbox$/, /^Name/);
    return box ? call('type_ax', { ref_id: box.ref, text: given, clear: true }) : answer(`The name is ${given}.`);
  }
  return answer(`I put "${given}" on the order.`);
};
