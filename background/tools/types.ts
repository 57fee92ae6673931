import type { z } from 'zod';
import type { BrowserName } from '../../shared/browser-target';
import type { Mode, Tier } from '../../shared/modes';
import type { Result } from '../../shared/result';
import type { ReadGate } from '../policy/read-gate';
import type { ToolFamily } from './families';

export interface ToolContext {
  tabId: number;
  /** The task the call belongs to; absent for the user's own console calls. */
  taskId?: string;
  mode: Mode;
  tier: Tier;
  /** Aborted when the user stops the task; long handlers should give up promptly. */
  signal?: AbortSignal;
  /**
   * Chrome frameId a ref-taking action targets (0 or absent: the main frame). Set by the frame router
   * (background/frames/route-ref.ts) when the model passes a frame-qualified ref such as "f2:ref_7".
   */
  frameId?: number;
  /** Set by the agent loop (background/policy/gate.ts); absent for the user's own console calls. */
  approvals?: ToolApprovals;
  /** False when the model cannot see images: vision tools are then refused. Absent (console): allowed. */
  vision?: boolean;
  /**
   * The read gate of the task (background/policy/read-gate.ts): read tools pass it the frame they
   * resolved before reading. Absent for the user's own console calls, which read freely.
   */
  reads?: ReadGate;
  /** The task's tabs (background/agent/task/task-tabs.ts); absent outside a task, where tab tools refuse. */
  tabs?: TaskTabsApi;
}

/** What the tab tools may do to a task's set of tabs; `tabId` in the context is the tab it acts on now. */
export interface TaskTabsApi {
  readonly startTab: number;
  /** Tabs the task opened with new_tab and that are still open. */
  opened(): readonly number[];
  /** Tabs of the user's that the user gave the task in the panel (an MCP session's tab picker). */
  granted(): readonly number[];
  /** Makes a tab the task just created one of its own (grouped) and the tab it acts on. */
  adopt(tabId: number): Promise<void>;
  /** Makes one of the task's tabs the tab it acts on (the caller checked it is the task's). */
  switchTo(tabId: number): Promise<void>;
  /** Forgets a tab the task closed; returns the tab the task acts on now. */
  closed(tabId: number): Promise<number>;
}

/**
 * Approval hooks for tools that must ask at the exact moment they know what they will touch: the
 * final URL of a navigation, the document code will run in. Denials come back as `denied_by_user`.
 */
export interface ToolApprovals {
  /** Applies the task's origin policy to a navigation of its tab to `url` (asks when needed). */
  guardNavigation(url: string, verb: string): Promise<Result<true>>;
  /**
   * Applies it to a history step of `tabId` before it is taken (go_back): the entry's URL when the
   * page can tell it, else asks. `blind`: approved without a known address (see `landed`).
   */
  guardHistory(tabId: number, delta: -1 | 1): Promise<Result<{ blind: boolean }>>;
  /** Judges what a history step actually committed; `blind` approvals approve the origin reached. */
  landed(url: string, blind: boolean): Promise<Result<true>>;
  /** Asks the user to approve running `code` in the document of `origin`. */
  approveCode(code: string, origin: string): Promise<Result<true>>;
  /**
   * Asks the user to approve accepting a JS dialog on `origin` (handle_dialog), judged like a click
   * on a button that says `description`; `why` is the policy's reason (policy/dialog-approval.ts).
   */
  approveDialog(description: string, why: string, origin: string): Promise<Result<true>>;
}

/**
 * A tool's argument schema: classic zod, or the zod/mini contract the page also parses (shared/),
 * so one schema states a contract once; both are zod core schemas.
 */
export type ArgsSchema = z.core.$ZodType;

export interface ToolSpec<S extends ArgsSchema> {
  name: string;
  /** What the model reads to decide when to call the tool; say what it returns and when not to use it. */
  description: string;
  schema: S;
  modes: readonly Mode[];
  /** Model tiers that get the tool; all tiers when omitted. */
  tiers?: readonly Tier[];
  /**
   * Per-mode tier lists that override `tiers` for that mode, for rules such as "Full-tier Act, and
   * Mid/Full Dev" (fallback tools), which one flat tier list cannot state.
   */
  tiersByMode?: Partial<Readonly<Record<Mode, readonly Tier[]>>>;
  /**
   * The family that holds a rarely used tool (families.ts): offered only once the task loads it.
   * Omitted: a core tool, offered from the first step and paid for on every request.
   */
  family?: ToolFamily;
  /**
   * For a core tool: its family on the Compact tier, whose fixed prompt is smallest (≤ 1,200 tokens),
   * so that only the essentials are offered there from the first step.
   */
  compactFamily?: ToolFamily;
  /** True when the tool cannot change the page or the browser (Ask mode may only use these). */
  readOnly: boolean;
  /**
   * A non-read-only tool Ask mode still offers because each call's read-only-ness is known only at
   * call time (site_tool: the site marks its own tools): the approval gate judges every call in every
   * mode, and refuses in Ask mode what is not read-only (policy/site-tool-gate.ts).
   */
  askGated?: boolean;
  /** True when the tool's result is an image: offered only to models that see images (settings `vision`). */
  vision?: boolean;
  /**
   * The builds that offer the tool; both when omitted. Tools that cannot work without the DevTools
   * protocol say `['chrome']` (docs/firefox.md; the capability table there is generated from this).
   */
  browsers?: readonly BrowserName[];
  /**
   * The call's deadline before its own timeout is added, when the default (20 s, tool-deadline.ts) is too
   * short for work the tool cannot split: Chrome building its accessibility tree of a 50k-element page on a
   * busy machine. Stop still ends the call within a second.
   */
  deadlineMs?: number;
  handler: (args: z.output<S>, ctx: ToolContext) => Promise<Result<unknown>>;
}

/**
 * A tool with its argument type erased: the registry only ever calls `run` with raw arguments. Its
 * fields are the spec's (one statement of each), with the defaults of `tiers` and `browsers` filled in.
 */
export type Tool = Omit<ToolSpec<ArgsSchema>, 'handler' | 'tiers' | 'browsers'> & {
  tiers: readonly Tier[];
  browsers: readonly BrowserName[];
  run: (rawArgs: unknown, ctx: ToolContext) => Promise<Result<unknown>>;
};
