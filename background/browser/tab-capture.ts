/**
 * The Firefox build's capture backend: `tabs.captureTab(tabId, {format, quality, rect, scale})`
 * (https://developer.mozilla.org/docs/Mozilla/Add-ons/WebExtensions/API/tabs/captureTab), Firefox-only.
 * Why this one and not `tabs.captureVisibleTab`: captureTab names the tab, so it pictures the task's own
 * tab (`ctx.tabId`) even when another tab is in front, and never a tab the user switched to; it takes a
 * page rectangle, so element crops and the full page come out of the browser already cut (no decoding
 * and re-encoding in the worker); captureVisibleTab can only picture the front tab's viewport.
 *
 * Firefox draws the rect (CSS px, relative to the page) at `scale × page zoom` image pixels per CSS
 * pixel (`TabBase.capture` passes `scale * zoom` to `WindowGlobalParent.drawSnapshot`), so the scale
 * sent is the wanted pixels per CSS pixel divided by the tab's zoom (`tabs.getZoom`). Geometry (scroll
 * offset, viewport, document size) comes from the main frame's page script (`element_box`), the same
 * box code the Chrome path uses; Firefox gives extensions no layout metrics of their own.
 *
 * Firefox exposes captureTab on `chrome.tabs` too, but @types/chrome does not describe it, so it is
 * reached through the narrow accessor below (docs/firefox.md: why no webextension-polyfill).
 */
import * as z from 'zod/mini';
import { ElementBoxReplySchema, type ElementBoxReply } from '../../shared/protocol/element-box';
import { err, errorMessage, ok, type Result } from '../../shared/result';
import { withTimeout } from '../../shared/timeout';
import { planClip, type CaptureBackend, type PageGeometry } from '../vision/capture-plan';
import { checkReply, pageCall } from '../page-call';

interface CaptureOptions {
  format: 'jpeg' | 'png';
  quality?: number;
  rect: { x: number; y: number; width: number; height: number };
  scale: number;
}

type CaptureTab = (tabId: number, options: CaptureOptions) => Promise<unknown>;

function captureTabApi(): CaptureTab | null {
  const tabs: unknown = typeof chrome !== 'undefined' ? chrome.tabs : undefined;
  const fn: unknown = typeof tabs === 'object' && tabs !== null ? Reflect.get(tabs, 'captureTab') : undefined;
  if (typeof fn !== 'function') return null;
  return (tabId, options) => Promise.resolve(Reflect.apply(fn, tabs, [tabId, options]));
}

/** The same bound as the CDP capture (background/cdp/capture.ts): give up rather than hang the task. */
const CAPTURE_TIMEOUT_MS = 15_000;

const DATA_URL = /^data:image\/(?:png|jpeg);base64,([A-Za-z0-9+/=]+)$/;

async function mainFrameBox(tabId: number, known?: ElementBoxReply): Promise<Result<ElementBoxReply>> {
  if (known) return ok(known);
  return pageCall(tabId, 'element_box', {}, ElementBoxReplySchema);
}

/** The part of an element_box reply a page capture needs: optional in the contract, required here. */
const GeometrySchema = z.object({
  viewport: z.object({ width: z.number(), height: z.number() }),
  scroll: z.object({ x: z.number(), y: z.number() }),
  content: z.object({ width: z.number(), height: z.number() }),
});

function geometryOf(reply: ElementBoxReply): Result<PageGeometry> {
  const checked = checkReply(ok(reply), GeometrySchema, "element_box reply (the page's scroll and size)");
  if (!checked.ok) return checked;
  const box = checked.data;
  return ok({
    pageX: box.scroll.x,
    pageY: box.scroll.y,
    clientWidth: box.viewport.width,
    clientHeight: box.viewport.height,
    contentWidth: box.content.width,
    contentHeight: box.content.height,
  });
}

/** The tab's page zoom (1 = 100 %); 1 when Firefox cannot say, which only matters on a zoomed tab. */
async function zoomOf(tabId: number): Promise<number> {
  try {
    const z = await chrome.tabs.getZoom(tabId);
    return Number.isFinite(z) && z > 0 ? z : 1;
  } catch {
    return 1;
  }
}

async function takePicture(api: CaptureTab, tabId: number, options: CaptureOptions): Promise<Result<string>> {
  const shot = api(tabId, options).then(
    (url): Result<string> => {
      const m = typeof url === 'string' ? DATA_URL.exec(url) : null;
      return m?.[1] ? ok(m[1]) : err('bad_image', 'Firefox returned no PNG or JPEG data URL for the capture');
    },
    (e: unknown): Result<string> => {
      const why = errorMessage(e);
      return err(
        'capture_failed',
        /permission/i.test(why)
          ? `Firefox refused the capture (${why}): Weaverbird has no website access to this site; the panel asks for it, or the user can allow it under Extensions → Weaverbird → Permissions`
          : `Firefox could not capture the tab: ${why}; reload the page and retry, or read it with get_accessibility_tree`,
      );
    },
  );
  return withTimeout(shot, CAPTURE_TIMEOUT_MS, () =>
    err(
      'capture_timeout',
      `Firefox produced no image within ${CAPTURE_TIMEOUT_MS / 1000} s; ask the user to show the window and retry`,
    ),
  );
}

export const captureWithTabs: CaptureBackend = async (req) => {
  const api = captureTabApi();
  if (!api) return err('no_capture', 'this browser has no tabs.captureTab; screenshots are unavailable here');
  const box = await mainFrameBox(req.tabId, req.mainBox);
  if (!box.ok) return box;
  const page = geometryOf(box.data);
  if (!page.ok) return page;
  const { clip, notes } = planClip(req.area, page.data, req.pxPerCss);
  const zoom = await zoomOf(req.tabId);
  const shot = await takePicture(api, req.tabId, {
    format: req.format,
    ...(req.quality !== undefined ? { quality: req.quality } : {}),
    rect: clip,
    scale: req.pxPerCss / zoom,
  });
  return shot.ok ? ok({ data: shot.data, notes }) : shot;
};
