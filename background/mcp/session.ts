import { executeCall, type ExecOutcome } from '../agent/loop/tool-exec';
import { Guards } from '../agent/loop/guards';
import type { TaskOutcome } from '../agent/loop/runner';
import { emit } from '../agent/task/event-hub';
import { saveTask, type TaskRecord } from '../agent/task/state-store';
import { startDrivenTask, type TaskDriver } from '../agent/task/task-manager';
import { loadSettings } from '../settings-store';
import type { McpTabChoice } from '../../shared/protocol/panel';
import { err, isRecord, type Result } from '../../shared/result';
import { cut } from '../../shared/text';
import { raceAbort } from '../../shared/timeout';
import { MCP_CONTEXT_WINDOW, MCP_TIER, isOverMcp, mcpResources, mcpTools, ownsTabId } from './tool-list';
import type { ToHost } from './protocol';
import { pickTab, tabChoices, turnToArgTab } from './tab-picker';

/** How long a call waits for the user's answer in the panel before it counts as a refusal. */
const MCP_APPROVAL_TIMEOUT_MS = 120_000;

interface Live {
  rec: TaskRecord;
  signal: AbortSignal;
  guards: Guards;
  treeLines: Map<string, string>;
  approve: Parameters<TaskDriver>[1]['requestApproval'];
  end(outcome: TaskOutcome): void;
}

type CallReply =
  { ok: true; data: { ok: boolean; text: string } } | { ok: false; error: { code: string; message: string } };

const refused = (code: string, message: string): CallReply => ({ ok: false, error: { code, message } });

/**
 * One MCP client's session (docs/mcp.md): a task in the tab that was active when the client said
 * hello, driven by the client's calls instead of the panel's model. Every call runs through
 * `executeCall`, the agent's own path: mode gate, approval gate, origin policy, read gate, fence.
 * The panel's Stop aborts the task, which ends the session for good (the client must reconnect).
 */
export class McpSession {
  private client = 'an MCP client';
  private live: Live | null = null;
  private stoppedByUser = false;
  private queue: Promise<unknown> = Promise.resolve();
  private starting: Promise<Live | string> | null = null;

  constructor(private readonly send: (m: ToHost) => void) {}

  /** The connected client's name, or null (for `wb.mcp()`). */
  connected: string | null = null;

  async hello(name: string): Promise<void> {
    this.client = cut(name.trim() || 'an MCP client', 60);
    this.connected = this.client;
    this.stoppedByUser = false;
    await this.ensureLive();
  }

  async list(id: string): Promise<void> {
    const { mode } = (await loadSettings()).mcp;
    const resources = mcpResources(mode).map(({ tool: _tool, ...r }) => r);
    this.send({ type: 'reply', id, ok: true, data: { tools: mcpTools(mode), resources } });
  }

  call(id: string, name: string, args: unknown): void {
    this.enqueue(id, () => this.runCall(name, args));
  }

  /** `resources/read`: the resource's tool, called with no arguments (tool-list.ts `mcpResources`). */
  read(id: string, uri: string): void {
    this.enqueue(id, async () => {
      const res = mcpResources((await loadSettings()).mcp.mode).find((r) => r.uri === uri);
      if (!res) return refused('unknown_resource', `${cut(uri, 100)} is not a resource of this session's mode`);
      return this.runCall(res.tool, {});
    });
  }

  private enqueue(id: string, run: () => Promise<CallReply>): void {
    // One call at a time, in order: a task acts on one page state after another.
    this.queue = this.queue.then(async () => {
      const reply = await run().catch((e: unknown) => refused('failed', e instanceof Error ? e.message : String(e)));
      this.send({ type: 'reply', id, ...reply });
    });
  }

  /** The client went away (or MCP was turned off): the session's task ends. */
  async gone(): Promise<void> {
    this.connected = null;
    const live = this.live;
    this.live = null;
    if (live) live.end({ status: 'done' });
  }

  /** The panel of the session's start tab lists the window's tabs (the tab picker). */
  async tabs(startTab: number): Promise<Result<McpTabChoice[]>> {
    const live = this.liveFor(startTab);
    return typeof live === 'string' ? err('no_session', live) : { ok: true, data: await tabChoices(live.rec) };
  }

  /** The user ticks a tab in that panel: only the panel reaches this (bridge.ts registers it as a panel request). */
  async pick(startTab: number, tabId: number, allowed: boolean): Promise<Result<McpTabChoice[]>> {
    const live = this.liveFor(startTab);
    if (typeof live === 'string') return err('no_session', live);
    // After the call in flight: a call never sees its tabs change under it.
    const done = this.queue.then(() => pickTab(live.rec, tabId, allowed));
    this.queue = done.catch(() => undefined);
    return done;
  }

  /** A tab the user gave the session was closed: taken back as an untick would (tab-picker.ts pickTab). */
  async tabClosed(tabId: number): Promise<void> {
    const live = this.live;
    if (!live || live.signal.aborted || !live.rec.tabs?.granted?.includes(tabId)) return;
    await this.pick(live.rec.tabId, tabId, false);
  }

  private liveFor(startTab: number): Live | string {
    const live = this.live;
    if (!live || live.signal.aborted || live.rec.tabId !== startTab) return `no MCP session is driving tab ${startTab}`;
    return live;
  }

  /**
   * The session's task, started once: `hello` and the first call arrive back to back and are handled
   * concurrently, so both wait for the same start (two starts would find the tab's task already running).
   */
  private ensureLive(): Promise<Live | string> {
    if (this.live && !this.live.signal.aborted) return Promise.resolve(this.live);
    this.starting ??= this.startLive().finally(() => (this.starting = null));
    return this.starting;
  }

  private async startLive(): Promise<Live | string> {
    const tabs = await chrome.tabs.query({ active: true, lastFocusedWindow: true });
    const tab = tabs[0] ?? (await chrome.tabs.query({ active: true }))[0];
    if (tab?.id === undefined) return 'no active tab: open the page to work on in the browser and call again';
    const { mode } = (await loadSettings()).mcp;
    const driver: TaskDriver = (rec, env) =>
      new Promise<TaskOutcome>((resolve) => {
        this.live = {
          rec,
          signal: env.signal,
          guards: new Guards(rec.guards),
          treeLines: new Map(),
          approve: env.requestApproval,
          end: resolve,
        };
        env.signal.addEventListener(
          'abort',
          () => {
            this.live = null;
            this.stoppedByUser = true;
            this.send({ type: 'ended', reason: 'stopped by the user in Weaverbird' });
            resolve({ status: 'stopped' });
          },
          { once: true },
        );
      });
    const started = await startDrivenTask(tab.id, this.client, mode, driver);
    if (!started.ok) return `${started.error.message} (tab ${tab.id}: the active tab)`;
    return this.live ?? 'the session ended as it started';
  }

  private async runCall(name: string, rawArgs: unknown): Promise<CallReply> {
    if (this.stoppedByUser)
      return refused(
        'stopped',
        "stopped by the user: they ended this session in Weaverbird's panel. Restart the MCP server to ask again.",
      );
    if (!isOverMcp(name)) return refused('unknown_tool', `${name} is not offered over MCP (ask your own user instead)`);
    const live = await this.ensureLive();
    if (typeof live === 'string') return refused('no_session', live);
    const args = isRecord(rawArgs) ? { ...rawArgs } : rawArgs;
    if (isRecord(args) && 'tabId' in args && !ownsTabId(name)) {
      const misplaced = await turnToArgTab(live.rec, args.tabId);
      if (misplaced) return refused('wrong_tab', misplaced);
      delete args.tabId;
    }
    const out = await this.exec(live, name, args);
    return { ok: true, data: { ok: out.ok, text: out.text } };
  }

  private async exec(live: Live, name: string, args: unknown): Promise<ExecOutcome> {
    const { rec } = live;
    const base = { tabId: rec.tabId, taskId: rec.taskId };
    const callId = `${rec.taskId}-m${rec.steps.length}`;
    await emit({ type: 'tool_call', ...base, callId, tool: name, args });
    const started = Date.now();
    let unanswered = false;
    const out = await raceAbort(
      executeCall(name, args, {
        rec,
        guards: live.guards,
        tier: MCP_TIER,
        contextWindow: MCP_CONTEXT_WINDOW,
        vision: false,
        signal: live.signal,
        treeLines: live.treeLines,
        requestApproval: (ask) => live.approve(ask, MCP_APPROVAL_TIMEOUT_MS, () => (unanswered = true)),
      }),
      live.signal,
      (): ExecOutcome => ({ ok: false, text: 'CANCELLED: stopped by the user during this call.', args }),
      400,
    );
    const notes = [out.text];
    if (unanswered)
      notes.push(
        `NOTE: no answer in Weaverbird's panel within ${MCP_APPROVAL_TIMEOUT_MS / 1000} s; that counts as a refusal.`,
      );
    // The panel's Stop ends the session: say so, whatever the call's own result was (a refused prompt).
    if (live.signal.aborted)
      notes.unshift("STOPPED: stopped by the user in Weaverbird's panel; this session has ended.");
    const text = notes.join('\n');
    await emit({
      type: 'tool_result',
      ...base,
      callId,
      tool: name,
      ok: out.ok,
      result: text,
      ms: Date.now() - started,
    });
    rec.steps.push({ tool: name, args: out.args, result: text, ok: out.ok });
    rec.guards = live.guards.snapshot();
    // After Stop the task record is gone; writing it back would leave a task to "resume".
    if (!live.signal.aborted) await saveTask(rec);
    if (out.stop) {
      this.live = null;
      live.end({ status: 'error', error: out.stop });
      return { ...out, ok: false, text: `${text}\n${out.stop} The session ended.` };
    }
    return { ...out, text };
  }
}
