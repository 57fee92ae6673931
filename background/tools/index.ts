import { clickAx } from './actions/click-ax';
import { hoverTool } from './actions/hover';
import { pressKey, scrollTool, selectOption } from './actions/page-actions';
import { focusType, typeAx } from './actions/type-ax';
import { routeFrameRefs } from '../frames/route-ref';
import { consoleRead } from './console-read';
import { executeJs } from './execute-js';
import { findTool, textSearchTool } from './find';
import { extractTool } from './extract';
import { getFrames, iframeClick, iframeRead, iframeType, promoteIframeTool } from './frames';
import { getAccessibilityTree } from './get-accessibility-tree';
import { getPageInfo } from './get-page-info';
import { goBack, navigate } from './navigation';
import { closeTab, listTabs, newTab, switchTab } from './tabs';
import { networkRead } from './network-read';
import { registerTool } from './registry';
import { screenshotTool } from './screenshot';
import { inspectTool } from './inspect';
import { getShadowDom, shadowDomQuery } from './shadow';
import type { Tool } from './types';
import { verifyTool } from './verify';
import { waitForStableTool, waitForTool } from './wait';
import { watchTool } from './watch';

// Every tool the agent can use, one import each. Order is the order the model sees them in.
const ALL: readonly Tool[] = [
  getPageInfo,
  getAccessibilityTree,
  findTool,
  textSearchTool,
  screenshotTool,
  verifyTool,
  waitForTool,
  waitForStableTool,
  extractTool,
  inspectTool,
  navigate,
  goBack,
  listTabs,
  newTab,
  switchTab,
  closeTab,
  consoleRead,
  networkRead,
  watchTool,
  routeFrameRefs(clickAx),
  routeFrameRefs(typeAx),
  routeFrameRefs(focusType),
  routeFrameRefs(selectOption),
  routeFrameRefs(pressKey),
  routeFrameRefs(hoverTool),
  routeFrameRefs(scrollTool),
  getFrames,
  iframeRead,
  iframeClick,
  iframeType,
  promoteIframeTool,
  getShadowDom,
  shadowDomQuery,
  executeJs,
];

let registered = false;
export function registerAllTools(): void {
  if (registered) return;
  registered = true;
  for (const tool of ALL) registerTool(tool);
}
