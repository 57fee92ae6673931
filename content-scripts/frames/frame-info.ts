/**
 * `frame_info`: what a frame knows about itself (name, origin, title) and about the iframes it
 * embeds, each with the Chrome frameId of the frame inside (chrome.runtime.getFrameId, Chrome 106+)
 * so the worker can tie its frame inventory to the `<iframe>` element and its ref.
 */
import { ok } from '../../src/result';
import { getAxApi } from '../ax/api';
import { getRefRegistry } from '../ax/ref-registry';
import type { ContentHandler } from '../handlers/types';
import { walkComposed } from './shadow-roots';

export interface EmbeddedFrame {
  /** Chrome frameId of the frame inside this element; null when Chrome has none (not loaded, display:none in old builds). */
  chromeFrameId: number | null;
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

export interface FrameInfo {
  url: string;
  origin: string;
  name: string;
  title: string;
  readyState: string;
  isTop: boolean;
  embedded: EmbeddedFrame[];
}

function chromeFrameIdOf(el: Element): number | null {
  const runtime: unknown = typeof chrome !== 'undefined' ? chrome.runtime : undefined;
  const fn: unknown = runtime ? Reflect.get(runtime, 'getFrameId') : undefined;
  if (typeof fn !== 'function') return null;
  try {
    const id: unknown = Reflect.apply(fn, runtime, [el]);
    return typeof id === 'number' && id >= 0 ? id : null;
  } catch {
    return null;
  }
}

function accessibleName(el: Element): string {
  const described = getAxApi(globalThis)?.describe(el);
  return described?.ok ? described.data.name : '';
}

function contentBoxOrigin(el: Element): { x: number; y: number } {
  const rect = el.getBoundingClientRect();
  const style = el.ownerDocument.defaultView?.getComputedStyle(el);
  const px = (v: string | undefined): number => Number.parseFloat(v ?? '0') || 0;
  // clientLeft/Top are the border widths; the inner document starts after the padding too (CSS 2 §8.1).
  return { x: rect.left + el.clientLeft + px(style?.paddingLeft), y: rect.top + el.clientTop + px(style?.paddingTop) };
}

function isVisible(el: Element): boolean {
  const rect = el.getBoundingClientRect();
  if (rect.width < 1 || rect.height < 1) return false;
  const view = el.ownerDocument.defaultView;
  const style = view?.getComputedStyle(el);
  return style === undefined || (style.visibility !== 'hidden' && style.display !== 'none');
}

export function collectFrameInfo(doc: Document): FrameInfo {
  const view = doc.defaultView;
  const registry = getRefRegistry(globalThis);
  const embedded: EmbeddedFrame[] = [];
  for (const el of walkComposed(doc)) {
    const tag = el.localName;
    if (tag !== 'iframe' && tag !== 'frame' && tag !== 'object' && tag !== 'embed') continue;
    const chromeFrameId = chromeFrameIdOf(el);
    // <object>/<embed> only count when they host a document (a PDF or plugin has no frame for us).
    if ((tag === 'object' || tag === 'embed') && chromeFrameId === null) continue;
    embedded.push({
      chromeFrameId,
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
    embedded,
  };
}

export const frameInfoHandler: ContentHandler = {
  name: 'frame_info',
  run(_args, doc) {
    return ok(collectFrameInfo(doc));
  },
};
