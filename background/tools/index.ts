import { getAccessibilityTree } from './get-accessibility-tree';
import { getPageInfo } from './get-page-info';
import { registerTool } from './registry';
import type { Tool } from './types';

// Every tool the agent can use, one import each. Order is the order the model sees them in.
const ALL: readonly Tool[] = [getPageInfo, getAccessibilityTree];

let registered = false;
export function registerAllTools(): void {
  if (registered) return;
  registered = true;
  for (const tool of ALL) registerTool(tool);
}
