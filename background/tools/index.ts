import { clickAx } from './actions/click-ax';
import { dragTool } from './actions/drag';
import { hoverTool } from './actions/hover';
import { scrollTool, selectOption } from './actions/page-actions';
import { pressKey } from './actions/press-key';
import { focusType, typeAx } from './actions/type-ax';
import { uploadFile } from './actions/upload-file';
import { routeFrameRefs } from '../frames/route-ref';
import {
  PDF_TREE_NOTE,
  pdfAware,
  pdfClickHandler,
  pdfFindHandler,
  pdfTextSearchHandler,
  pdfTreeHandler,
} from '../pdf/pdf-tools';
import { chromeAxTree } from './chrome-ax-tree';
import { consoleRead } from './console-read';
import { handleDialog } from './dialogs';
import { executeJs } from './execute-js';
import { findTool, textSearchTool } from './find';
import { extractTool } from './extract';
import { getFrames, iframeClick, iframeRead, iframeType, promoteIframeTool } from './frames';
import { getAccessibilityTree } from './get-accessibility-tree';
import { getPageInfo } from './get-page-info';
import { goBack, navigate } from './navigation';
import { closeTab, listTabs, newTab, switchTab } from './tabs';
import { networkRead } from './network-read';
import { networkBody } from './network-body';
import { readDownload } from './read-download';
import { registerTool } from './registry';
import { screenshotTool } from './screenshot';
import { screenshotOnTool } from './screenshot-on';
import { inspectTool } from './inspect';
import { getShadowDom, shadowDomQuery } from './shadow';
import type { Tool } from './types';
import { verifyTool } from './verify';
import { waitForStableTool, waitForTool } from './wait';
import { watchTool } from './watch';
import { askUserTool, proposePlanTool } from './user-tools';
import { batchTool, verifyPredicateTool } from './batch';
import { actAndSampleTool, sampleTool } from './sample';
import { loadToolsTool } from './load-tools';
import { siteTool } from './site-tool';

// Every tool the agent can use, one import each. Order is the order the model sees them in.
const ALL: readonly Tool[] = [
  getPageInfo,
  // A tab showing a PDF is read from the file instead of the page (pdf/pdf-tools.ts, docs/pdf.md).
  pdfAware(getAccessibilityTree, pdfTreeHandler, PDF_TREE_NOTE),
  pdfAware(findTool, pdfFindHandler),
  pdfAware(textSearchTool, pdfTextSearchHandler),
  screenshotTool,
  screenshotOnTool,
  verifyTool,
  verifyPredicateTool,
  sampleTool,
  waitForTool,
  waitForStableTool,
  extractTool,
  inspectTool,
  siteTool,
  navigate,
  goBack,
  listTabs,
  newTab,
  switchTab,
  closeTab,
  consoleRead,
  networkRead,
  networkBody,
  readDownload,
  watchTool,
  pdfAware(routeFrameRefs(clickAx), pdfClickHandler),
  routeFrameRefs(typeAx),
  routeFrameRefs(focusType),
  routeFrameRefs(selectOption),
  routeFrameRefs(pressKey),
  routeFrameRefs(hoverTool),
  routeFrameRefs(scrollTool),
  routeFrameRefs(dragTool),
  routeFrameRefs(uploadFile),
  handleDialog,
  batchTool,
  actAndSampleTool,
  getFrames,
  iframeRead,
  iframeClick,
  iframeType,
  promoteIframeTool,
  getShadowDom,
  chromeAxTree,
  shadowDomQuery,
  executeJs,
  proposePlanTool,
  askUserTool,
  loadToolsTool,
];

let registered = false;
export function registerAllTools(): void {
  if (registered) return;
  registered = true;
  for (const tool of ALL) registerTool(tool);
}
