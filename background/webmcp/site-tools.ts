/**
 * The tools a page publishes to agents (WebMCP), as the worker knows them: discovered fresh in every
 * frame's MAIN world on each ask (a `toolchange` during a site_tool call lists them again at once, and
 * an action in a page that has tools compares its list after the action), validated with zod and
 * capped, because the MAIN world is the page's and whatever it returns is page data. docs/webmcp.md.
 */
import { z } from 'zod';
import { err, errorMessage, isRecord, ok, type Result } from '../../shared/result';
import { withTimeout } from '../../shared/timeout';
import { syncFrames } from '../frames/frame-store';
import { hardToUndo } from '../policy/hard-to-undo';
import { callInPage, discoverInPage } from './page-webmcp';

const MAX_TOOLS = 30;
const SCHEMA_CHARS = 4000;
const RESULT_CHARS = 8000;
const DISCOVER_MS = 2500;

const EntrySchema = z.object({
  name: z.string().min(1).max(100),
  title: z.string().max(200).optional(),
  description: z.string().max(2000),
  schema: z.string().max(SCHEMA_CHARS),
  annotations: z.record(z.string(), z.boolean()),
  source: z.enum(['testing', 'document', 'navigator', 'form']),
  form: z
    .object({
      action: z.string().max(2000),
      method: z.string().max(10),
      sensitive: z.boolean(),
      submitter: z.string().max(100),
    })
    .optional(),
});
const DiscoverySchema = z.object({
  apis: z.array(z.string().max(20)).max(5),
  native: z.boolean(),
  tools: z.array(EntrySchema).max(MAX_TOOLS),
});
const OutcomeSchema = z.object({
  ok: z.boolean(),
  text: z.string().max(RESULT_CHARS + 100),
  readOnly: z.boolean(),
  changed: z.boolean().optional(),
});

export interface SiteTool extends z.output<typeof EntrySchema> {
  /** Our frame id (f0 = the page) and Chrome's, for routing and the origin policy. */
  frameId: string;
  chromeFrameId: number;
  /** The inputSchema parsed, or undefined when the page's text is not JSON. */
  inputSchema: unknown;
}

export interface SiteToolsView {
  tools: SiteTool[];
  /** Which page APIs answered ("testing", "document", "navigator") and whether one is the browser's own. */
  apis: string[];
  native: boolean;
}

/**
 * True when no grant may cover a call of this tool: its own hints say destructive or consequential,
 * or its name, title or submit button says something hard to undo (policy/hard-to-undo.ts).
 */
export function siteToolHard(t: SiteTool): boolean {
  const a = t.annotations;
  const words = [t.name.replace(/[_-]+/g, ' '), t.title ?? '', t.form?.submitter ?? ''];
  return a.destructiveHint === true || a.consequentialHint === true || words.some((w) => hardToUndo(w) !== null);
}

/**
 * A tool the site marks read-only, the only kind that runs without a prompt and in Ask mode. Not a
 * form (it submits), and not one whose own words or hints say it is hard to undo: a page calling
 * `delete_account` read-only is not believed (red team `webmcp-readonly-lie`).
 */
export function siteToolReadOnly(t: SiteTool): boolean {
  return t.source !== 'form' && t.annotations.readOnlyHint === true && !siteToolHard(t);
}

function parseSchema(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * The tool list each tab showed at its last discovery, kept only while it had tools: after an action
 * in such a tab the list is discovered again and a change is told in the action's own result
 * (`siteToolsAfterAction`). A tab whose page had no tools pays no extra page call on actions.
 */
const lastLists = new Map<number, string>();
const REMEMBERED_TABS = 100;

/** Notes what a discovery found in the tab (exported for the unit test). */
export function rememberSiteTools(tabId: number, view: SiteToolsView): void {
  lastLists.delete(tabId);
  if (view.tools.length === 0) return;
  lastLists.set(tabId, JSON.stringify(listSiteTools(view)));
  // Oldest first in a Map: a closed tab's entry ages out instead of needing a listener.
  if (lastLists.size > REMEMBERED_TABS) lastLists.delete(lastLists.keys().next().value ?? tabId);
}

/**
 * After an action in `tabId`: the page's tool lines when its list changed since the last discovery
 * (`[]`: it has none now), else null. Only tabs whose page had tools are asked (no page call otherwise);
 * `toolchange` cannot be heard between calls (docs/webmcp.md), so the list itself is compared.
 */
export async function siteToolsAfterAction(
  tabId: number,
  discover: (tabId: number) => Promise<SiteToolsView> = discoverSiteTools,
): Promise<string[] | null> {
  const before = lastLists.get(tabId);
  if (before === undefined) return null;
  const now = await discover(tabId);
  rememberSiteTools(tabId, now);
  const lines = listSiteTools(now);
  return JSON.stringify(lines) === before ? null : lines;
}

/**
 * An action's result, with `siteToolsNow` (inside the fence with the rest: it is page text) when the
 * page's tools changed with it; `site_tool` adds its own when the page fired `toolchange`.
 */
export async function withSiteToolsNow(tabId: number, result: Result<unknown>): Promise<Result<unknown>> {
  if (!result.ok || (isRecord(result.data) && 'siteToolsNow' in result.data)) return result;
  const now = await siteToolsAfterAction(tabId).catch(() => null);
  if (now === null) return result;
  const data = isRecord(result.data) ? result.data : { result: result.data };
  return ok({ ...data, siteToolsNow: now.length > 0 ? now : 'none now' });
}

/** Every frame's published tools; a frame that does not answer in time lists none. */
export async function discoverSiteTools(tabId: number): Promise<SiteToolsView> {
  const view = await discoverFrames(tabId);
  rememberSiteTools(tabId, view);
  return view;
}

async function discoverFrames(tabId: number): Promise<SiteToolsView> {
  const frames = await syncFrames(tabId);
  const ids = new Map((frames.ok ? frames.data : []).map((f) => [f.chromeFrameId, f.id]));
  const results = await withTimeout(
    chrome.scripting
      .executeScript({
        target: { tabId, allFrames: true },
        world: 'MAIN',
        func: discoverInPage,
        args: [MAX_TOOLS, SCHEMA_CHARS],
      })
      .catch(() => []),
    DISCOVER_MS,
    () => [],
  );
  const view: SiteToolsView = { tools: [], apis: [], native: false };
  for (const r of results) {
    const parsed = DiscoverySchema.safeParse(r.result);
    const frameId = ids.get(r.frameId);
    if (!parsed.success || frameId === undefined) continue;
    view.native ||= parsed.data.native;
    for (const a of parsed.data.apis) if (!view.apis.includes(a)) view.apis.push(a);
    for (const t of parsed.data.tools) {
      if (view.tools.length >= MAX_TOOLS) break;
      view.tools.push({ ...t, frameId, chromeFrameId: r.frameId, inputSchema: parseSchema(t.schema) });
    }
  }
  return view;
}

/** The tool `name` of frame `frameId` (default f0), discovered now. */
export async function findSiteTool(tabId: number, name: string, frameId = 'f0'): Promise<Result<SiteTool>> {
  const view = await discoverSiteTools(tabId);
  const tool = view.tools.find((t) => t.name === name && t.frameId === frameId);
  if (tool) return ok(tool);
  const here = view.tools.map((t) => (t.frameId === 'f0' ? t.name : `${t.name} (${t.frameId})`));
  return err(
    'unknown_site_tool',
    `the page has no site tool "${name.slice(0, 100)}"${frameId === 'f0' ? '' : ` in ${frameId}`} now; its tools: ${here.join(', ') || 'none'}. Call get_page_info for the current list.`,
  );
}

/** Runs a site tool in its frame; `needReadOnly`: refuse if the page no longer marks it read-only. */
export async function runSiteTool(
  tabId: number,
  tool: SiteTool,
  args: unknown,
  needReadOnly: boolean,
  timeoutMs: number,
): Promise<Result<{ text: string; changed: boolean }>> {
  try {
    const call = chrome.scripting.executeScript({
      target: { tabId, frameIds: [tool.chromeFrameId] },
      world: 'MAIN',
      func: callInPage,
      args: [tool.name, JSON.stringify(args ?? {}), needReadOnly, timeoutMs, RESULT_CHARS, tool.form?.action ?? null],
    });
    const [first] = await withTimeout(call, timeoutMs + 1000, () => []);
    if (!first)
      return err(
        'timeout',
        `site tool ${tool.name} did not answer in ${timeoutMs} ms; the page may still be running it. Re-read the page before trying again.`,
      );
    const outcome = OutcomeSchema.safeParse(first.result);
    if (!outcome.success)
      return err('bad_reply', `site tool ${tool.name} returned nothing usable (the page may have navigated)`);
    if (!outcome.data.ok) return err('site_tool_failed', `site tool ${tool.name} failed: ${outcome.data.text}`);
    return ok({ text: outcome.data.text, changed: outcome.data.changed === true });
  } catch (e) {
    return err('page_not_scriptable', `cannot reach this page's tools: ${errorMessage(e)}`);
  }
}

/** One line per tool for get_page_info: name, title, annotations, description (all page text, capped). */
export function listSiteTools(view: SiteToolsView): string[] {
  return view.tools.map((t) => {
    const hints = Object.entries(t.annotations)
      .filter(([, v]) => v)
      .map(([k]) => k.replace(/Hint$/, ''));
    if (t.source === 'form') hints.push(`form ${t.form?.method ?? 'get'}`);
    const where = t.frameId === 'f0' ? '' : ` [${t.frameId}]`;
    const title = t.title ? ` "${t.title.slice(0, 80)}"` : '';
    return `${t.name}${where}${title}${hints.length ? ` (${hints.join(', ')})` : ''}: ${t.description.slice(0, 200)}`;
  });
}
