/**
 * `frame_info`: what a frame knows about itself (name, origin, title) and about the iframes it
 * embeds, so the worker can tie its frame inventory (chrome.webNavigation) to each `<iframe>` element
 * and its ref. Chrome has no content-script API for an element's frameId (runtime.getFrameId is
 * Firefox-only), so the join key is the position in the parent's `window.frames` (HTML §7.2.2.2, the
 * document-tree child navigables): the parent finds each element's `contentWindow` there, and the
 * child finds itself in `parent.frames`; WindowProxy identity works across origins, and no message
 * the page could observe is sent.
 */
import { ok } from '../../shared/result';
import { getAxApi } from '../ax/api';
import { getRefRegistry } from '../ax/ref-registry';
import type { ContentHandler } from '../handlers/types';
import { walkComposed } from './shadow-roots';

interface EmbeddedFrame {
  /** Index of the frame inside this element in this window's `frames`; null when it has no browsing context. */
  frameIndex: number | null;
  /** This frame's ref for the `<iframe>` element. */
  ref: string;
  tag: string;
  name: string;
  title: string;
  src: string;
  visible: boolean;
  /** Top-left of the element's content box (where the inner viewport starts), in this frame's viewport. */
  box: { x: number; y: number };
}

interface FrameInfo {
  url: string;
  origin: string;
  name: string;
  title: string;
  readyState: string;
  isTop: boolean;
  /** This frame's index in its parent's `frames`; null for the top frame or when not found. */
  indexInParent: number | null;
  embedded: EmbeddedFrame[];
}

function isWindow(v: unknown): v is Window {
  // Cross-origin WindowProxies throw on most property reads, so test only what is always allowed.
  return typeof v === 'object' && v !== null && 'postMessage' in v;
}

function indexIn(frames: Window, target: Window | null): number | null {
  if (!target) return null;
  try {
    for (let i = 0; i < frames.length; i++) if (frames[i] === target) return i;
  } catch {
    // A detached or torn-down window: no index.
  }
  return null;
}

function accessibleName(el: Element): string {
  const described = getAxApi(globalThis)?.describe(el);
  return described?.ok ? described.data.name : '';
}

/** Where the element's content box (the inner viewport of an iframe) lies, in this frame's viewport. */
export function contentBoxOf(el: Element): { x: number; y: number; width: number; height: number } {
  const rect = el.getBoundingClientRect();
  const style = el.ownerDocument.defaultView?.getComputedStyle(el);
  const px = (v: string | undefined): number => Number.parseFloat(v ?? '0') || 0;
  const padX = px(style?.paddingLeft);
  const padY = px(style?.paddingTop);
  // clientLeft/Top are the border widths; the inner document starts after the padding too (CSS 2 §8.1).
  return {
    x: rect.left + el.clientLeft + padX,
    y: rect.top + el.clientTop + padY,
    width: Math.max(0, el.clientWidth - padX - px(style?.paddingRight)),
    height: Math.max(0, el.clientHeight - padY - px(style?.paddingBottom)),
  };
}

function contentBoxOrigin(el: Element): { x: number; y: number } {
  const { x, y } = contentBoxOf(el);
  return { x, y };
}

function isVisible(el: Element): boolean {
  const rect = el.getBoundingClientRect();
  if (rect.width < 1 || rect.height < 1) return false;
  const view = el.ownerDocument.defaultView;
  const style = view?.getComputedStyle(el);
  return style === undefined || (style.visibility !== 'hidden' && style.display !== 'none');
}

const EMBEDDING_TAGS = new Set(['iframe', 'frame', 'object', 'embed']);

/** The element hosting this window's child frame number `frameIndex` (the frame_info join key), if any. */
export function embeddingElement(doc: Document, frameIndex: number): Element | null {
  const view = doc.defaultView;
  if (!view) return null;
  for (const el of walkComposed(doc)) {
    if (!EMBEDDING_TAGS.has(el.localName)) continue;
    const content: unknown = 'contentWindow' in el ? el.contentWindow : null;
    if (isWindow(content) && indexIn(view, content) === frameIndex) return el;
  }
  return null;
}

function collectFrameInfo(doc: Document): FrameInfo {
  const view = doc.defaultView;
  const registry = getRefRegistry(globalThis);
  const embedded: EmbeddedFrame[] = [];
  for (const el of walkComposed(doc)) {
    const tag = el.localName;
    if (!EMBEDDING_TAGS.has(tag)) continue;
    const content: unknown = 'contentWindow' in el ? el.contentWindow : null;
    const frameIndex = view ? indexIn(view, isWindow(content) ? content : null) : null;
    // <object>/<embed> only count when they host a document (a PDF or plugin has no frame for us).
    if ((tag === 'object' || tag === 'embed') && frameIndex === null) continue;
    embedded.push({
      frameIndex,
      ref: registry.refFor(el),
      tag,
      name: el.getAttribute('name') ?? '',
      title: el.getAttribute('title') ?? accessibleName(el),
      src: el.getAttribute('src') ?? el.getAttribute('data') ?? '',
      visible: isVisible(el),
      box: contentBoxOrigin(el),
    });
  }
  return {
    url: doc.URL,
    // self.origin is the frame's real origin: "null" for sandboxed frames, the parent's for about:srcdoc.
    origin: view?.origin ?? '',
    name: view?.name ?? '',
    title: doc.title,
    readyState: doc.readyState,
    isTop: view !== null && view === view.top,
    indexInParent: view && view.parent !== view ? indexIn(view.parent, view) : null,
    embedded,
  };
}

export const frameInfoHandler: ContentHandler = {
  name: 'frame_info',
  run(_args, doc) {
    return ok(collectFrameInfo(doc));
  },
};
