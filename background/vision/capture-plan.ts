/**
 * What the screenshot tool asks a capture backend for, and the one place the page rectangle is worked
 * out, so the two backends (Chrome: CDP `Page.captureScreenshot`, background/vision/capture-cdp.ts;
 * Firefox: `tabs.captureTab`, background/browser/tab-capture.ts) differ only in how they read the page's
 * geometry and take the picture. Both take a rectangle in page coordinates (CSS px from the document's
 * top-left): CDP's `clip`, and captureTab's `rect` ("relative to the page",
 * https://developer.mozilla.org/docs/Mozilla/Add-ons/WebExtensions/API/tabs/captureTab).
 */
import type { BoxRect, ElementBoxReply } from '../../shared/protocol/element-box';
import type { Result } from '../../shared/result';

/** Anthropic rejects an image side over 8,000 px; the others downscale, so this is the common bound. */
export const MAX_SIDE_PX = 8000;

/** What to capture; a rect is in CSS px of the top-level viewport (frame crops already moved into it). */
export type CaptureArea = { kind: 'viewport' } | { kind: 'fullPage' } | { kind: 'rect'; rect: BoxRect };

interface CaptureRequest {
  tabId: number;
  area: CaptureArea;
  format: 'jpeg' | 'png';
  /** JPEG only. */
  quality?: number;
  /** Image pixels per CSS pixel wanted: 1 (scale "css") or the page's devicePixelRatio ("device"). */
  pxPerCss: number;
  /** The main frame's element_box reply when the handler already has one (a main-frame target). */
  mainBox?: ElementBoxReply;
}

interface Captured {
  /** Base64 PNG or JPEG, no data: prefix. */
  data: string;
  /** What was cut, for the result's note. */
  notes: string[];
}

export type CaptureBackend = (req: CaptureRequest) => Promise<Result<Captured>>;

/** The top-level viewport in the page: where it sits (page offset), its size, the document's size. */
export interface PageGeometry {
  pageX: number;
  pageY: number;
  clientWidth: number;
  clientHeight: number;
  contentWidth: number;
  contentHeight: number;
}

export interface PlannedClip {
  clip: BoxRect;
  notes: string[];
  /** True when the clip reaches outside the viewport (CDP must then render beyond it). */
  beyond: boolean;
}

/** The page rectangle for an area, with each side cut so the image stays within {@link MAX_SIDE_PX}. */
export function planClip(area: CaptureArea, page: PageGeometry, pxPerCss: number): PlannedClip {
  const clip: BoxRect =
    area.kind === 'fullPage'
      ? { x: 0, y: 0, width: page.contentWidth, height: page.contentHeight }
      : area.kind === 'rect'
        ? { x: area.rect.x + page.pageX, y: area.rect.y + page.pageY, width: area.rect.width, height: area.rect.height }
        : { x: page.pageX, y: page.pageY, width: page.clientWidth, height: page.clientHeight };
  const notes: string[] = [];
  for (const side of ['width', 'height'] as const) {
    if (clip[side] * pxPerCss > MAX_SIDE_PX) {
      const full = Math.round(clip[side]);
      clip[side] = Math.floor(MAX_SIDE_PX / pxPerCss);
      notes.push(
        `cut to the first ${clip[side]} of ${full} CSS px of ${side} (an image side may not exceed ${MAX_SIDE_PX} px)`,
      );
    }
  }
  const beyond =
    clip.x < page.pageX - 0.5 ||
    clip.y < page.pageY - 0.5 ||
    clip.x + clip.width > page.pageX + page.clientWidth + 0.5 ||
    clip.y + clip.height > page.pageY + page.clientHeight + 0.5;
  return { clip, notes, beyond };
}
