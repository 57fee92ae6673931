/**
 * Page.captureScreenshot for the screenshot tool. The clip is in CSS pixels of the top-level document
 * (page coordinates: viewport point plus the visual viewport's page offset), and `clip.scale` multiplies
 * the output. What scale 1 yields is not fixed: on a HiDPI screen it is device pixels, but under device
 * metrics emulation (DevTools' device mode, automation) Chrome renders the capture at the screen's own
 * factor, ignoring the emulated one. So the factor is measured with a tiny probe capture, and the
 * scale for CSS or device pixels is derived from it. `captureBeyondViewport` renders what lies outside the viewport (full page, tall crops)
 * without scrolling or resizing the user's window.
 */
import * as z from 'zod/mini';
import { base64Head, imageSize } from '../../shared/image-size';
import { err, ok, type Result } from '../../shared/result';
import { withTimeout } from '../../shared/timeout';
import type { send as cdpSend } from './cdp-client';

type Send = typeof cdpSend;

const LayoutMetricsSchema = z.object({
  cssVisualViewport: z.object({
    pageX: z.number(),
    pageY: z.number(),
    clientWidth: z.number(),
    clientHeight: z.number(),
  }),
  cssContentSize: z.object({ width: z.number(), height: z.number() }),
});
export type LayoutMetrics = z.infer<typeof LayoutMetricsSchema>;

const CaptureReplySchema = z.object({ data: z.string() });

export interface Clip {
  x: number;
  y: number;
  width: number;
  height: number;
  scale: number;
}

export async function layoutMetrics(send: Send, tabId: number): Promise<Result<LayoutMetrics>> {
  const reply = await send(tabId, 'Page.getLayoutMetrics');
  if (!reply.ok) return reply;
  const parsed = LayoutMetricsSchema.safeParse(reply.data);
  return parsed.success ? ok(parsed.data) : err('cdp_failed', 'Page.getLayoutMetrics answered in an unknown shape');
}

/**
 * A hidden tab may never produce a frame for the capture; give up rather than hang the task. Chrome
 * renders background tabs for DevTools captures in current versions, so this is a guard, not a path.
 */
const CAPTURE_TIMEOUT_MS = 15_000;

/** Image pixels per CSS pixel that `clip.scale: 1` produces on this tab now. */
export async function outputFactor(send: Send, tabId: number, at: { x: number; y: number }): Promise<Result<number>> {
  const probe = await capture(send, tabId, {
    format: 'png',
    clip: { x: at.x, y: at.y, width: 16, height: 16, scale: 1 },
    beyondViewport: false,
  });
  if (!probe.ok) return probe;
  const size = imageSize(base64Head(probe.data));
  return size && size.width > 0 ? ok(size.width / 16) : err('bad_image', 'the probe capture returned no image');
}

export async function capture(
  send: Send,
  tabId: number,
  options: { format: 'jpeg' | 'png'; quality?: number; clip: Clip; beyondViewport: boolean },
): Promise<Result<string>> {
  const params: Record<string, unknown> = {
    format: options.format,
    clip: options.clip,
    captureBeyondViewport: options.beyondViewport,
    ...(options.format === 'jpeg' ? { quality: options.quality ?? 70 } : {}),
  };
  const reply = await withTimeout(send(tabId, 'Page.captureScreenshot', params), CAPTURE_TIMEOUT_MS, () =>
    err(
      'capture_timeout',
      `the tab produced no image within ${CAPTURE_TIMEOUT_MS / 1000} s (a minimized window paints nothing); ask the user to show the window and retry`,
    ),
  );
  if (!reply.ok) return reply;
  const parsed = CaptureReplySchema.safeParse(reply.data);
  return parsed.success ? ok(parsed.data.data) : err('cdp_failed', 'Page.captureScreenshot returned no image data');
}
