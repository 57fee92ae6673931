/**
 * `highlight_ref`: outlines the element behind a ref for a moment, for a person looking at the verbose
 * tree viewer ("which element is ref_42?"). Not a model tool: only the panel's request reaches it.
 *
 * The overlay is one host element with a closed shadow root: page CSS cannot reach inside, and the
 * host's own box is set with inline `!important` declarations, which outrank any author rule (CSS
 * Cascade 5 §6.2: the style attribute wins within the author origin, important against important). It
 * is promoted to the top layer as a manual popover where supported, so a modal <dialog> cannot cover it.
 */
import * as z from 'zod/mini';
import { getRefRegistry } from '../ax/ref-registry';
import { err, ok } from '../../shared/result';
import type { ContentHandler } from './types';

const ArgsSchema = z.object({
  ref: z.string().check(z.minLength(1), z.maxLength(80)),
  ms: z.optional(z.number().check(z.int(), z.minimum(200), z.maximum(10_000))),
});

export const HIGHLIGHT_ATTR = 'data-weaverbird-highlight';
const DEFAULT_MS = 2000;
const COLOR = '#ff5a1f';

interface Active {
  host: HTMLElement;
  timer: ReturnType<typeof setTimeout>;
  frame: number;
}
let active: Active | null = null;

function removeActive(): void {
  if (!active) return;
  clearTimeout(active.timer);
  active.host.ownerDocument.defaultView?.cancelAnimationFrame(active.frame);
  active.host.remove();
  active = null;
}

function place(host: HTMLElement, rect: DOMRect): void {
  const s = host.style;
  s.setProperty('left', `${rect.left}px`, 'important');
  s.setProperty('top', `${rect.top}px`, 'important');
  s.setProperty('width', `${rect.width}px`, 'important');
  s.setProperty('height', `${rect.height}px`, 'important');
}

function buildHost(doc: Document, ref: string): HTMLElement {
  const host = doc.createElement('div');
  host.setAttribute(HIGHLIGHT_ATTR, ref);
  host.setAttribute('aria-hidden', 'true');
  const fixed: Record<string, string> = {
    all: 'initial',
    position: 'fixed',
    display: 'block',
    margin: '0',
    padding: '0',
    border: '0',
    background: 'transparent',
    overflow: 'visible',
    inset: 'auto',
    'z-index': '2147483647',
    'pointer-events': 'none',
    'box-sizing': 'border-box',
  };
  for (const [k, v] of Object.entries(fixed)) host.style.setProperty(k, v, 'important');
  const root = host.attachShadow({ mode: 'closed' });
  const style = doc.createElement('style');
  style.textContent = `
    .box { position: absolute; inset: -3px; border: 3px solid ${COLOR}; border-radius: 4px;
      background: rgba(255, 90, 31, 0.12); box-shadow: 0 0 0 2px rgba(255,255,255,.85), 0 0 12px rgba(255,90,31,.6);
      animation: pulse 0.6s ease-in-out 2 alternate; }
    .label { position: absolute; left: -3px; bottom: 100%; margin-bottom: 4px; padding: 1px 6px; border-radius: 3px;
      background: ${COLOR}; color: #fff; font: 600 11px/1.5 system-ui, sans-serif; white-space: nowrap; }
    @keyframes pulse { to { box-shadow: 0 0 0 2px rgba(255,255,255,.85), 0 0 22px rgba(255,90,31,.9); } }
    @media (prefers-reduced-motion: reduce) { .box { animation: none; } }`;
  const box = doc.createElement('div');
  box.className = 'box';
  const label = doc.createElement('div');
  label.className = 'label';
  label.textContent = ref;
  root.append(style, box, label);
  return host;
}

function promote(host: HTMLElement): void {
  // The top layer puts the outline above modal dialogs and other popovers (HTML §6.12 popover).
  if (typeof host.showPopover !== 'function') return;
  try {
    host.setAttribute('popover', 'manual');
    host.showPopover();
  } catch {
    host.removeAttribute('popover');
  }
}

export const highlightHandler: ContentHandler = {
  name: 'highlight_ref',
  run(args, doc) {
    const parsed = ArgsSchema.safeParse(args);
    if (!parsed.success)
      return err(
        'bad_arguments',
        `highlight_ref needs {ref: "ref_12"}: ${parsed.error.issues[0]?.message ?? 'bad shape'}`,
      );
    // A frame-qualified ref ("f1:ref_3") reaches the frame it names; here only its own part counts.
    const ref = parsed.data.ref.replace(/^.*[:/]/, '');
    const found = getRefRegistry(globalThis).resolve(ref);
    if (!found.ok) return found;
    const el = found.data;
    el.scrollIntoView({ block: 'center', inline: 'nearest', behavior: 'instant' });
    const rect = el.getBoundingClientRect();

    removeActive();
    const host = buildHost(doc, ref);
    place(host, rect);
    doc.documentElement.append(host);
    promote(host);
    const view = doc.defaultView;
    // Follow the element while it moves (smooth scrolling, animations) for the short time it is shown.
    const track = () => {
      if (!active || active.host !== host) return;
      if (el.isConnected) place(host, el.getBoundingClientRect());
      active.frame = view?.requestAnimationFrame(track) ?? 0;
    };
    active = {
      host,
      timer: setTimeout(removeActive, parsed.data.ms ?? DEFAULT_MS),
      frame: view?.requestAnimationFrame(track) ?? 0,
    };

    const box = {
      x: Math.round(rect.left),
      y: Math.round(rect.top),
      width: Math.round(rect.width),
      height: Math.round(rect.height),
    };
    const visible = rect.width > 0 && rect.height > 0;
    return ok({
      ref,
      tag: el.tagName.toLowerCase(),
      rect: box,
      visible,
      ...(visible
        ? {}
        : {
            note: `${ref} has no box on screen (hidden, collapsed or display:none); the outline marks where it would be`,
          }),
    });
  },
};
