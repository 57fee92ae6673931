/**
 * The Chrome build's capture backend: `Page.captureScreenshot` over `chrome.debugger` on the task's own
 * tab, attached for the call and detached after (`withSession`), so it works while the tab is in the
 * background. Geometry comes from `Page.getLayoutMetrics`; the output factor is measured with a probe
 * (background/cdp/capture.ts says why).
 */
import { ok } from '../../shared/result';
import { capture, layoutMetrics, outputFactor } from '../cdp/capture';
import { withSession } from '../cdp/cdp-client';
import { planClip, type CaptureBackend } from './capture-plan';

export const captureWithCdp: CaptureBackend = (req) =>
  withSession(req.tabId, async ({ send }) => {
    const metrics = await layoutMetrics(send, req.tabId);
    if (!metrics.ok) return metrics;
    const vv = metrics.data.cssVisualViewport;
    const factor = await outputFactor(send, req.tabId, { x: vv.pageX, y: vv.pageY });
    if (!factor.ok) return factor;
    const { clip, notes, beyond } = planClip(
      req.area,
      {
        pageX: vv.pageX,
        pageY: vv.pageY,
        clientWidth: vv.clientWidth,
        clientHeight: vv.clientHeight,
        contentWidth: metrics.data.cssContentSize.width,
        contentHeight: metrics.data.cssContentSize.height,
      },
      req.pxPerCss,
    );
    const shot = await capture(send, req.tabId, {
      format: req.format,
      ...(req.quality !== undefined ? { quality: req.quality } : {}),
      clip: { ...clip, scale: req.pxPerCss / factor.data },
      beyondViewport: beyond,
    });
    return shot.ok ? ok({ data: shot.data, notes }) : shot;
  });
