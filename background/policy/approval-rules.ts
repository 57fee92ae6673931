/**
 * The one approval classifier for page actions. It judges the element the action will really
 * activate (facts from content-scripts/handlers/gate-facts.ts, named by the tree's own role and
 * accessible name), and fails closed: an action that could activate something and whose target
 * could not be inspected asks.
 */
import type { GateFacts, GateFactsArgs } from '../../shared/protocol/gate-facts';
import { isRecord } from '../../shared/result';
import { describeChord, parseChord } from '../../shared/key-chord';
import { dataLossNeed, isInertKey } from './data-loss';
import { hardToUndo } from './hard-to-undo';
import { cut, squish } from '../../shared/text';

/** What the user approves, and what "don't ask again" is scoped to. */
export type ActionKind = 'click' | 'submit' | 'send' | 'choose' | 'erase' | 'navigate' | 'execute_js' | 'other';

export interface ApprovalNeed {
  kind: ActionKind;
  /** What will happen, in words a person checks ("Click button \"Pay $40\""). */
  description: string;
}

const CLICK_TOOLS = new Set(['click', 'click_ax', 'iframe_click']);
const TYPE_TOOLS = new Set(['type_ax', 'focus_type', 'iframe_type']);
/**
 * Tools that only move the pointer or the viewport, or that touch only the task's own tabs
 * (switch_tab, close_tab of a tab it opened: background/tools/tabs.ts): nothing is activated.
 */
const INERT_TOOLS = new Set(['hover', 'scroll', 'switch_tab', 'close_tab']);
/**
 * Tools that hand the page data and activate nothing (upload_file sets files and fires change, as
 * a person's pick does): like typing without submit, the write gate's origin and provenance rules
 * judge what they carry (policy/write-gate.ts), and no click-style approval applies.
 */
const DATA_TOOLS = new Set(['upload_file']);
/** Toggling these is undone by toggling again; their names do not make them hard to undo. */
const TOGGLE_ROLES = new Set(['checkbox', 'radio', 'switch', 'tab', 'textbox', 'searchbox', 'slider', 'spinbutton']);

const NAME_CAP = 60;
/**
 * Drop zones whose name alone says the drop discards: a "Trash" folder is harmless to click (it
 * opens the folder) but dropping onto it deletes (issue 25). Any language's hard-to-undo word counts too.
 */
const DISCARDING_DROP = /\b(trash|bin|recycle|wastebasket|garbage|delete|remove|discard|archive)\b/i;

/** The ref an action names, whatever the tool calls its argument (ref_id, ref). */
function refOf(args: unknown): string | null {
  if (!isRecord(args)) return null;
  for (const key of ['ref_id', 'ref']) {
    const v = args[key];
    if (typeof v === 'string' && v.length > 0) return v;
  }
  return null;
}

/** A page-controlled name, capped and quoted so it cannot pass for Weaverbird's own words. */
function quoteName(name: string): string {
  const t = squish(name);
  return JSON.stringify(cut(t, NAME_CAP));
}

function named(t: { role: string; name: string } | null): string {
  if (!t) return 'the focused element';
  return t.name ? `${t.role} ${quoteName(t.name)}` : `an unnamed ${t.role}`;
}

function str(args: unknown, key: string): string | undefined {
  const v = isRecord(args) ? args[key] : undefined;
  return typeof v === 'string' ? v : undefined;
}

/**
 * The question to ask the page about this call, or null when the call activates nothing whatever
 * the page holds (typing without submit, arrow keys, hover, scroll).
 */
export function factsQuery(tool: string, args: unknown): GateFactsArgs | null {
  const ref = refOf(args) ?? undefined;
  const base = ref ? { ref } : {};
  // A right-click opens a context menu, which activates nothing: its items are judged when clicked
  // (issue 25). Every other press (double, middle, modified) activates the target like a click.
  if (CLICK_TOOLS.has(tool)) return isRecord(args) && args.button === 'right' ? null : { tool: 'click', ...base };
  // A drop is judged as a click on what it lands on (dragging onto "Trash" is hard to undo).
  if (tool === 'drag') {
    const onto = str(args, 'to_ref_id');
    return onto ? { tool: 'click', ref: onto } : null;
  }
  if (tool === 'press_key') {
    // The chord the page will press, by the page's own parser (shared/key-chord.ts); a key that does
    // not parse is refused by the page and presses nothing.
    const chord = parseChord(str(args, 'key') ?? '');
    return chord && !isInertKey(chord) ? { tool: 'press_key', key: describeChord(chord), ...base } : null;
  }
  if (tool === 'select_option') {
    const value = str(args, 'value');
    const label = str(args, 'label');
    return {
      tool: 'select',
      ...base,
      ...(value !== undefined ? { value } : {}),
      ...(label !== undefined ? { label } : {}),
    };
  }
  if (TYPE_TOOLS.has(tool)) {
    // Typing is judged too: replacing text the agent did not write is data loss (policy/data-loss.ts).
    const submit = isRecord(args) && args.submit === true;
    const clear = !(isRecord(args) && args.clear === false);
    return { tool: 'type', clear, ...(submit ? { submit } : {}), ...base };
  }
  return null;
}

/** Non-read-only tools the classifier does not know ask: a new tool is gated until it is classified. */
function isClassified(tool: string): boolean {
  return (
    CLICK_TOOLS.has(tool) ||
    TYPE_TOOLS.has(tool) ||
    INERT_TOOLS.has(tool) ||
    DATA_TOOLS.has(tool) ||
    tool === 'press_key' ||
    tool === 'select_option' ||
    tool === 'drag'
  );
}

/** The key as the page will press it ("Enter\t" is shown as Enter). */
function keyName(args: unknown): string {
  const chord = parseChord(str(args, 'key') ?? '');
  return chord ? describeChord(chord) : 'a key';
}

/** "Click", "Double-click", "Control+Middle-click": the press click_ax will make, as the user reads it. */
function clickVerb(args: unknown): string {
  if (!isRecord(args)) return 'Click';
  const count = args.clickCount === 2 ? 'Double-' : args.clickCount === 3 ? 'Triple-' : '';
  const button = args.button === 'middle' ? 'middle-' : '';
  const mods = Array.isArray(args.modifiers) ? args.modifiers.filter((m) => typeof m === 'string') : [];
  const press = `${count}${button}click`;
  const word = press.charAt(0).toUpperCase() + press.slice(1);
  return [...mods, word].join('+');
}

function verb(tool: string, args: unknown): string {
  if (tool === 'drag') return 'Drop onto';
  if (tool === 'press_key') return `Press ${keyName(args)} on`;
  if (TYPE_TOOLS.has(tool)) return 'Type into';
  if (tool === 'select_option') return 'Choose in';
  return clickVerb(args);
}

/**
 * Decides whether an Act-mode page action needs the user's approval. `facts` is null when the page
 * could not say what the action would activate (element gone, frame unreachable, inspection failed):
 * then any call that could activate something asks.
 */
export function classifyAction(
  tool: string,
  args: unknown,
  facts: GateFacts | null,
  unknownWhy = 'it could not be inspected',
): ApprovalNeed | null {
  const query = factsQuery(tool, args);
  if (!query && tool === 'drag') {
    // A drop at a bare point lands on whatever is there then: the gate cannot name it, so it asks.
    const to = isRecord(args) && isRecord(args.to) ? args.to : {};
    const where = `(${String(to.x)}, ${String(to.y)})`;
    return {
      kind: 'other',
      description: `Drag ${refOf(args) ?? 'an element'} to the point ${where} (Weaverbird cannot tell what is there)`,
    };
  }
  if (!query) return isClassified(tool) ? null : { kind: 'other', description: `Run ${tool}` };
  if (!facts) {
    const what = refOf(args) ?? 'the focused element';
    return {
      kind: 'other',
      description: `${verb(tool, args)} ${what} (Weaverbird cannot tell what it is: ${unknownWhy})`,
    };
  }
  const key = keyName(args);
  const t = facts.target;
  if (tool === 'drag' && t && (DISCARDING_DROP.test(t.name) || hardToUndo(t.name)))
    return { kind: 'click', description: `Drop onto ${named(t)}` };
  const need = activationNeed(tool, key, facts, verb(tool, args));
  if (need || !facts.erases) return need;
  return dataLossNeed(tool, key, named(facts.target), facts.erases);
}

/** What activating the target needs, from the page's facts (null: nothing hard to undo). */
function activationNeed(tool: string, key: string, facts: GateFacts, click = 'Click'): ApprovalNeed | null {
  const form = facts.form;
  const sensitive = form && (form.hasPayment || form.hasPassword) ? (form.hasPayment ? 'payment' : 'password') : null;
  const via = tool === 'press_key' ? `by pressing ${key} on ${named(facts.target)}` : `from ${named(facts.target)}`;
  switch (facts.activation) {
    case 'none':
      return null;
    case 'click': {
      const t = facts.target;
      const how = tool === 'press_key' ? `Press ${key} on` : TYPE_TOOLS.has(tool) ? 'Type and submit in' : click;
      if (t && !TOGGLE_ROLES.has(t.role) && hardToUndo(t.name))
        return { kind: 'click', description: `${how} ${named(t)}` };
      if (form && sensitive)
        return {
          kind: 'submit',
          description: `Submit a form with ${sensitive} fields ${tool === 'press_key' ? via : `by clicking ${named(t)}`}`,
        };
      if (form?.submitter && hardToUndo(form.submitter.name))
        return { kind: 'submit', description: `Submit the form of ${named(form.submitter)} ${via}` };
      return null;
    }
    case 'submit': {
      if (sensitive) return { kind: 'submit', description: `Submit a form with ${sensitive} fields ${via}` };
      const submitter = form?.submitter ?? null;
      if (submitter && hardToUndo(submitter.name))
        return { kind: 'submit', description: `Submit the form of ${named(submitter)} ${via}` };
      if (facts.target && hardToUndo(facts.target.name))
        return { kind: 'submit', description: `Submit ${named(facts.target)} ${via}` };
      return null;
    }
    case 'send':
      // Committing a message composer sends it to other people: always hard to undo.
      return {
        kind: 'send',
        description: `Send what is typed in ${named(facts.target)} (${tool === 'press_key' ? `${key} in a composer` : 'submit in a composer'})`,
      };
    case 'choose': {
      const t = facts.target;
      if (t && hardToUndo(t.name)) return { kind: 'choose', description: `Choose ${named(t)}` };
      return null;
    }
  }
}
