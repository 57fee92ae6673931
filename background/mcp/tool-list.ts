import type { JSONSchema7 } from 'ai';
import type { Mode } from '../../shared/modes';
import { toolInputSchema } from '../agent/loop/tool-defs';
import { LOAD_TOOLS, getTool, toolsFor } from '../tools/registry';
import { USER_TOOL_NAMES } from '../tools/user-tools';

/**
 * What a coding agent is: a large model with its own user. So its session uses the Full tier's tools and
 * read budgets, images stay in the panel (vision off), and the tools that talk to the panel's user
 * (`ask_user`, `propose_plan`) or page through families (`load_tools`: MCP lists them all) are left out.
 */
export const MCP_TIER = 'full';
export const MCP_CONTEXT_WINDOW = 200_000;
const NOT_OVER_MCP: ReadonlySet<string> = new Set([LOAD_TOOLS, ...USER_TOOL_NAMES]);

export interface McpTool {
  name: string;
  description: string;
  inputSchema: JSONSchema7;
}

const TAB_ID: JSONSchema7 = {
  type: 'integer',
  description:
    "Default: the tab the session acts in. Others: tabs it opened, or that the user ticked in Weaverbird's panel.",
};

/** The registry's tools of `mode`, as MCP lists them: the same names, descriptions and schemas the panel's model reads. */
export function mcpTools(mode: Mode): McpTool[] {
  return toolsFor(mode, MCP_TIER, false)
    .filter((t) => !NOT_OVER_MCP.has(t.name))
    .map((t) => {
      const schema = toolInputSchema(t);
      // switch_tab and close_tab take a tabId of their own, checked against the task's tabs.
      const own = schema.properties && 'tabId' in schema.properties;
      return {
        name: t.name,
        description: t.description,
        inputSchema: own ? schema : { ...schema, properties: { ...schema.properties, tabId: TAB_ID } },
      };
    });
}

export function isOverMcp(name: string): boolean {
  return !NOT_OVER_MCP.has(name);
}

/** Whether the tool's own arguments include `tabId` (then the bridge leaves it to the tool). */
export function ownsTabId(name: string): boolean {
  const t = getTool(name);
  if (!t) return false;
  const props = toolInputSchema(t).properties;
  return props !== undefined && 'tabId' in props;
}

export interface McpResource {
  uri: string;
  name: string;
  description: string;
  mimeType: 'text/plain';
  /** The tool whose text a read returns, called with no arguments in the tab the session acts in. */
  tool: string;
}

/**
 * Read-only resources (docs/mcp.md "Resources"): a read is the tool's call, through the same path and
 * gates, so it returns the same text (fence included); listed only when the MCP mode offers the tool.
 */
const RESOURCES: readonly McpResource[] = [
  {
    uri: 'weaverbird://tab/tree',
    name: 'tree',
    description: 'The accessibility tree of the tab the session acts in (get_accessibility_tree).',
    mimeType: 'text/plain',
    tool: 'get_accessibility_tree',
  },
  {
    uri: 'weaverbird://tab/console',
    name: 'console',
    description: 'The console messages of the tab the session acts in (console_read).',
    mimeType: 'text/plain',
    tool: 'console_read',
  },
  {
    uri: 'weaverbird://tab/network',
    name: 'network',
    description: "The requests of the session's tab since it started (network_read).",
    mimeType: 'text/plain',
    tool: 'network_read',
  },
];

export function mcpResources(mode: Mode): McpResource[] {
  const offered = new Set(mcpTools(mode).map((t) => t.name));
  return RESOURCES.filter((r) => offered.has(r.tool));
}
