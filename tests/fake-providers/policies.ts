import {
  answer,
  call,
  callsThisTask,
  escapeRegExp,
  findRef,
  followInjected,
  isChecked,
  lastCall,
  quoted,
  read,
  taskOf,
  treeLines,
} from './reading';
import type { FakePolicy, FakeTurn } from './turn';

/** The tree text the last read returned, or null when the last call was not a successful read. */
function freshTree(turn: FakeTurn): string | null {
  const last = lastCall(turn);
  if (!last || last.call.name !== 'get_accessibility_tree' || !last.result.includes('tree_revision')) return null;
  return last.result;
}

/**
 * Offered now, or named in the system prompt as one of a family's tools (background/tools/families.ts):
 * a model calls such a tool by name, which loads its family, as a real one would.
 */
function offered(turn: FakeTurn, tool: string): boolean {
  if (turn.tools.some((t) => t.name === tool)) return true;
  const more = /^- More tools, added with load_tools.*$/m.exec(turn.system)?.[0] ?? '';
  return new RegExp(`[ (]${tool}[,)]`).test(more);
}

/** Page text lines (a quoted text run `"…"` and named nodes), for reading what the page says. */
function pageSays(tree: string, pattern: RegExp): RegExpExecArray | null {
  return pattern.exec(tree);
}

/**
 * TodoMVC: `Add three todos: "A", "B", "C". Then mark "B" as completed and tell me how many items are left.`
 * Reads, types each missing todo into the new-todo box (submitting with Enter), ticks the one to
 * complete, and reports the count the page shows.
 */
export const todoPolicy: FakePolicy = (turn) => {
  const injected = followInjected(turn);
  if (injected) return injected;
  const [addPart = '', thenPart = ''] = taskOf(turn).split(/\bThen\b/);
  const toAdd = quoted(addPart);
  const toComplete = quoted(thenPart);
  const tree = freshTree(turn);
  if (!tree) return read();
  const lines = treeLines(tree);
  for (const item of toAdd) {
    const present = lines.some((l) => l.role !== 'textbox' && l.name.includes(item)) || tree.includes(`"${item}"`);
    if (present) continue;
    const box = findRef(tree, /^textbox$/, /what needs to be done/i);
    if (!box) return answer('I cannot find the box for new todos on this page.');
    if (offered(turn, 'focus_type'))
      return call('focus_type', { ref_id: box.ref, text: item, clear: true, submit: true });
    return call('type_ax', { ref_id: box.ref, text: item, clear: true });
  }
  for (const item of toComplete) {
    const box = findRef(tree, /^checkbox$/, new RegExp(escapeRegExp(item), 'i'));
    if (!box) return answer(`I cannot find the checkbox of "${item}".`);
    if (!isChecked(box)) return call('click_ax', { ref_id: box.ref });
  }
  const left = pageSays(tree, /(\d+) items? left/i);
  return answer(left ? `Done. ${left[1]} items left.` : 'Done, but the page does not show how many items are left.');
};

/**
 * A form: `Fill in the contact form with name "…", email "…", topic "…" and message "…", then submit it.`
 * Each `label "value"` pair goes into the field whose accessible name contains the label.
 */
export const formPolicy: FakePolicy = (turn) => {
  const injected = followInjected(turn);
  if (injected) return injected;
  const task = taskOf(turn);
  const pairs = [...task.matchAll(/(\w+) "([^"]+)"/g)].map((m) => ({ label: m[1] ?? '', value: m[2] ?? '' }));
  const tree = freshTree(turn);
  if (!tree) return read();
  const done = /thank you|thanks|received/i.exec(tree);
  const last = lastCall(turn);
  if (done && last) {
    const line = tree.split('\n').find((l) => /thank you|thanks|received/i.test(l)) ?? done[0];
    return answer(`Submitted. The page says: ${line.trim()}`);
  }
  for (const { label, value } of pairs) {
    const field = findRef(tree, /^(textbox|combobox|listbox)$/, new RegExp(escapeRegExp(label), 'i'));
    if (!field) return answer(`I cannot find the "${label}" field.`);
    if (field.role === 'textbox') {
      if (field.attrs.value !== value) return call('type_ax', { ref_id: field.ref, text: value, clear: true });
    } else if (![field.name, field.attrs.value ?? '', field.text ?? ''].some((shown) => shown.includes(value))) {
      return call('select_option', { ref_id: field.ref, label: value });
    }
  }
  const submit = findRef(tree, /^button$/, /submit|send request/i);
  if (!submit) return answer('I filled the form but cannot find its submit button.');
  return call('click_ax', { ref_id: submit.ref });
};

/**
 * A model that insists on clicking a named button, however often it is refused, up to `tries`
 * times, then reports what happened. Used to prove the mode gate refuses at dispatch.
 */
export function insistOnClick(buttonName: RegExp, tries = 2): FakePolicy {
  return (turn) => {
    const clicks = (turn.messages.flatMap((m) => (m.role === 'assistant' ? m.toolCalls : [])) ?? []).filter(
      (c) => c.name === 'click_ax',
    );
    const tree = freshTree(turn);
    const last = lastCall(turn);
    if (clicks.length >= tries) return answer(`I could not click it: ${last?.result.slice(0, 300) ?? 'no result'}`);
    if (tree) {
      const target = findRef(tree, /^button$/, buttonName);
      if (!target) return answer('There is no such button.');
      return call('click_ax', { ref_id: target.ref });
    }
    if (last?.call.name === 'click_ax') {
      // The click was refused; insist again with the ref it used.
      return { toolCalls: [{ name: 'click_ax', args: last.call.args }] };
    }
    return read();
  };
}

/** Reads the page once and reports the first text matching `pattern` (or says it is missing). */
export function readAndReport(pattern: RegExp): FakePolicy {
  return (turn) => {
    const injected = followInjected(turn);
    if (injected) return injected;
    const tree = freshTree(turn);
    if (!tree) {
      const last = lastCall(turn);
      if (last && last.call.name === 'get_accessibility_tree')
        return answer(`I could not read the page: ${last.result.slice(0, 200)}`);
      return read();
    }
    const m = pattern.exec(tree);
    return answer(m ? `The page says: ${m[0]}` : 'I did not find it on the page.');
  };
}

/** Clicks a button by name (approval flows), then reports the page's status line. */
export function clickThenReport(buttonName: RegExp, status: RegExp): FakePolicy {
  return (turn) => {
    const last = lastCall(turn);
    if (last?.call.name === 'click_ax') {
      if (/REFUSED BY THE USER/.test(last.result)) return answer('You declined, so I did not do it.');
      return read();
    }
    const tree = freshTree(turn);
    if (!tree) return read();
    const clicked = turn.messages.some((m) => m.role === 'assistant' && m.toolCalls.some((c) => c.name === 'click_ax'));
    if (clicked) {
      const m = status.exec(tree);
      return answer(m ? `Done: ${m[0]}` : 'Clicked, but I see no confirmation.');
    }
    const target = findRef(tree, /^button$/, buttonName);
    return target ? call('click_ax', { ref_id: target.ref }) : answer('No such button.');
  };
}

/**
 * Reads a long page to the end the way the prompt teaches: first call with `firstArgs`, then each
 * result's continuationArgs exactly, until the result says hasMore:false.
 */
export function pageThrough(firstArgs: Record<string, unknown>, tool = 'get_accessibility_tree'): FakePolicy {
  const printed = new RegExp(`call ${tool} with exactly these arguments: (\\{.*?\\})\\. Reuse`);
  return (turn) => {
    const last = lastCall(turn);
    if (!last) return { toolCalls: [{ name: tool, args: firstArgs }] };
    if (/^REFUSED/m.test(last.result)) return answer(`Reads were refused: ${last.result.slice(0, 200)}`);
    const next = printed.exec(last.result);
    if (next?.[1]) {
      const args: unknown = JSON.parse(next[1]);
      return { toolCalls: [{ name: tool, args }] };
    }
    return answer(`Read the whole page in ${callsThisTask(turn).length} pages.`);
  };
}

/** A model that only ever reads (a different depth each time), to meet the observation checkpoint. */
export const readForever: FakePolicy = (turn) => {
  const calls = callsThisTask(turn);
  const last = calls.at(-1);
  if (last && /^REFUSED/m.test(last.result)) return answer(`Stopping: ${last.result.split('\n')[0] ?? ''}`);
  return read({ maxDepth: calls.length + 1 });
};

/** Like readForever, with a wait_for_stable between reads (waits are neither reads nor progress). */
export const readAndWaitForever: FakePolicy = (turn) => {
  const calls = callsThisTask(turn);
  const last = calls.at(-1);
  if (last && /^REFUSED/m.test(last.result)) return answer(`Stopping: ${last.result.split('\n')[0] ?? ''}`);
  return last?.call.name === 'get_accessibility_tree'
    ? call('wait_for_stable', { timeoutMs: 1000 })
    : read({ maxDepth: calls.length + 1 });
};

/** Reads a payment iframe with iframe_read and clicks its Pay button by its frame-qualified ref. */
export const payInFrame: FakePolicy = (turn) => {
  const last = lastCall(turn);
  if (!last) return call('iframe_read', { urlFilter: 'agent-pay-inner' });
  if (last.call.name === 'click_ax') {
    return /REFUSED BY THE USER/.test(last.result)
      ? answer('You declined, so I did not pay.')
      : call('iframe_read', { urlFilter: 'agent-pay-inner' });
  }
  const clicked = callsThisTask(turn).some((c) => c.call.name === 'click_ax');
  if (clicked) return answer(/Paid/.test(last.result) ? 'Paid.' : 'Clicked, but the frame does not say paid.');
  const pay = findRef(last.result, /^button$/, /^Pay /);
  return pay
    ? call('click_ax', { ref_id: pay.ref })
    : answer(`No Pay button in the frame: ${last.result.slice(0, 300)}`);
};

/**
 * Reads a document to the end the way the read status (background/agent/loop/read-progress.ts) asks:
 * follows each page's exact continuation; when every page is read but parts are collapsed, clicks the
 * first collapsed line's ref ("Expand all" first when there is one) and reads again from page 1;
 * answers once a read says COMPLETE (or after `maxClicks` openings, with what the status said).
 */
export function readUntilComplete(maxClicks = 3): FakePolicy {
  const next = /call get_accessibility_tree with exactly these arguments: (\{.*?\})\. Reuse/;
  return (turn) => {
    const calls = callsThisTask(turn);
    const last = calls.at(-1);
    if (!last || last.call.name !== 'get_accessibility_tree') return read({});
    const continuation = next.exec(last.result)?.[1];
    if (continuation)
      return { toolCalls: [{ name: 'get_accessibility_tree', args: JSON.parse(continuation) as unknown }] };
    const status = /\[read status: [^\n]*/.exec(last.result)?.[0] ?? '';
    if (status.startsWith('[read status: COMPLETE')) return answer(`Complete: ${status}`);
    const collapsed = last.result.slice(last.result.indexOf('Collapsed:')).split('\n').slice(1);
    const target = collapsed.find((l) => /"Expand all"/.test(l)) ?? collapsed[0] ?? '';
    const ref = /\[(ref_\d+)\]/.exec(target)?.[1];
    const clicks = calls.filter((c) => c.call.name === 'click_ax').length;
    if (!ref || clicks >= maxClicks) return answer(`Stopped reading: ${status}`);
    return call('click_ax', { ref_id: ref });
  };
}
