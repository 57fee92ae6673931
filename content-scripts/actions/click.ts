/**
 * click_ax in the page: resolve, scroll into view, pick what a person would hit, click it with the
 * full synthetic pointer sequence, then watch two observation intervals. When nothing moved and the
 * target is a safe generic element, hand the worker one armed observation and a hit-tested point for
 * a single trusted CDP click (the worker applies the network / new-tab / download veto).
 */
import type { ClickArgs, ClickReply, ClickResult } from '../../shared/tools/actions';
import { err, ok, type Result } from '../../shared/result';
import { getRefRegistry } from '../ax/ref-registry';
import { describe, isAnchor, isHtmlElement, rectOf, roleOf, shortName } from './element-info';
import { arm, Observation, settle } from './observe';
import {
  centreOf,
  hittablePoint,
  pointerTarget,
  syntheticClick,
  syntheticHover,
  syntheticPress,
  type Point,
  type PressOptions,
} from './pointer';
import { findStandIn, visualState, type VisualState } from './reachability';
import { coveredMessage, coverOf } from './cover';
import { deepActiveElement } from './element-info';
import { modifiersDown, modifiersUp } from './keys';
import { canonicalModifiers } from '../../shared/key-chord';
import { cancelLate, keepForLate } from './late-evidence';
import { BEFORE_RETRY_MS } from './quiet-window';
import { activationVeto, fallbackVeto } from './click-eligibility';
import { OPTION_ROLES, renderedTwin } from './widget-twin';
import { DOWNLOAD_LINK_HINT } from '../../shared/tools/action-results';

function linkInfo(el: Element): { href?: string; navigates?: boolean; hint?: string } {
  const a = el.closest('a[href]');
  if (!isAnchor(a)) return {};
  const raw = a.getAttribute('href') ?? '';
  const href = a.href;
  if (a.hasAttribute('download')) return { href, navigates: false, hint: DOWNLOAD_LINK_HINT };
  if (raw.startsWith('javascript:')) return { href, navigates: false };
  const target = a.target.toLowerCase();
  if (target === '_blank') return { href, navigates: false, hint: 'this link opens a new tab' };
  let samePage = raw.startsWith('#');
  try {
    const u = new URL(href);
    const here = new URL(el.ownerDocument.URL);
    samePage ||= u.origin === here.origin && u.pathname === here.pathname && u.search === here.search && u.hash !== '';
  } catch {
    // An unparsable href navigates nowhere a URL check could describe.
  }
  return { href, navigates: !samePage };
}

function pressOptions(args: ClickArgs): PressOptions {
  return {
    button: args.button ?? 'left',
    clickCount: args.clickCount ?? 1,
    modifiers: canonicalModifiers(args.modifiers ?? []),
  };
}

/** The press with its held modifiers: their keydowns first and keyups last, at the focused element, as a keyboard sends them. */
function press(target: Element, point: Point, opts: PressOptions, doc: Document): boolean {
  const keysAt = (): Element => deepActiveElement(doc) ?? doc.body;
  modifiersDown(keysAt(), opts.modifiers);
  const { clickNotCanceled } = syntheticPress(target, point, opts);
  modifiersUp(keysAt(), opts.modifiers);
  return clickNotCanceled;
}

interface Picked {
  target: Element;
  standIn?: string;
  twinned: boolean;
}

/** What a person would press for the ref: the drawn option of a hidden list, a hidden control's stand-in, or itself. */
function pickTarget(el: Element, ref: string, role: string, state: VisualState): Result<Picked> {
  if (state.hidden !== null && OPTION_ROLES.has(role)) {
    // An option of a list kept for screen readers: the person clicks the option the widget draws.
    const twin = renderedTwin(el, ref);
    if (!twin.el) return err('not_rendered', twin.instead);
    if (isHtmlElement(twin.el)) twin.el.scrollIntoView({ block: 'nearest', inline: 'nearest', behavior: 'instant' });
    const standIn = `it is in a list hidden for screen readers; clicked the drawn option ${describe(twin.el)} instead`;
    return ok({ target: twin.el, standIn, twinned: true });
  }
  if (state.hidden === null && state.pointerDisabled === null) return ok({ target: el, twinned: false });
  const found = findStandIn(el);
  if (!found) return ok({ target: el, twinned: false });
  if (isHtmlElement(found.el)) found.el.scrollIntoView({ block: 'center', inline: 'nearest', behavior: 'instant' });
  return ok({ target: found.el, standIn: found.reason, twinned: false });
}

export async function clickRef(args: ClickArgs, doc: Document): Promise<Result<ClickReply>> {
  const ref = args.ref_id;
  const opts = pressOptions(args);
  const resolved = getRefRegistry(globalThis).resolve(ref);
  if (!resolved.ok) return resolved;
  const el = resolved.data;
  const state = visualState(el);
  const role = roleOf(el);
  const name = shortName(el);
  if (state.disabled) {
    return err(
      'target_disabled',
      `${ref} (${role} "${name}") is disabled, so a click does nothing; fill in what it depends on first, then re-read the tree`,
    );
  }
  if (isHtmlElement(el)) el.scrollIntoView({ block: 'center', inline: 'nearest', behavior: 'instant' });

  const picked = pickTarget(el, ref, role, state);
  if (!picked.ok) return picked;
  const { target, twinned } = picked.data;
  let standIn = picked.data.standIn;
  // A person's click lands on whatever is on top: a covered target is never reported clicked.
  const cover = visualState(target).hidden === null ? coverOf(target) : null;
  if (cover) return err('target_covered', coveredMessage(ref, target, cover));
  const link = linkInfo(target);
  const observed = target === el ? [el] : [el, target];
  const point = hittablePoint(target) ?? centreOf(target);
  // The pointer arrives before the observation starts: what hovering shows (tooltips, hover styles)
  // is not evidence that the click did anything. Focus is not set here: it is mousedown's default
  // action inside the press (pointer.ts), as in a real browser.
  syntheticHover(target, point);
  const obs = new Observation(doc, observed);
  obs.pressedAt(pointerTarget(target, point));
  if (opts.button === 'right') obs.expectMenu();
  const notCanceled = press(target, point, opts, doc);
  let report = await settle(obs, { keep: true });
  if (report.progress.length === 0 && !report.changes.url && fallbackVeto(el, target, state) === null)
    // A trusted retry may follow: the first click gets the whole old window (quiet-window.ts) first.
    report = await settle(obs, { minMs: BEFORE_RETRY_MS, keep: true });
  // APIs the handler called without user activation (core.ts): refused by the browser.
  const gestures = obs.gesturesNeeded();
  // Only the top document: Chrome's history intervention does not skip entries a child frame pushes
  // (measured, same-site and cross-site: tests/e2e/actions-history.e2e.ts), so a frame needs no grant,
  // and a cross-site frame would spend one on a popup (red-team history-activation-frame-popup-exfil).
  const activate = obs.pushesWithoutActivation() > 0 && doc.defaultView === doc.defaultView?.top;
  // Kept on for late evidence (observe.ts) unless a retry below replaces it.
  keepForLate(obs);

  // A stand-in that did not move the hidden control (a label-less decoy): click the control itself.
  let method: ClickResult['method'] = standIn ? 'stand-in' : 'synthetic';
  if (standIn && !twinned && report.progress.length === 0 && el.isConnected) {
    const retry = new Observation(doc, [el]);
    retry.pressedAt(el);
    if (opts.button === 'right') retry.expectMenu();
    syntheticClick(el, centreOf(el), opts);
    report = await settle(retry);
    method = 'synthetic';
    standIn = `${standIn}; that changed nothing, so the element itself was clicked`;
  }

  const verified = report.progress.length > 0;
  const result: ClickResult = {
    success: true,
    method,
    tag: el.localName,
    role,
    rect: rectOf(el.isConnected ? el : target),
    name,
    ...link,
    changes: report.changes,
    verified,
    ...(standIn ? { standIn } : {}),
    ...(report.diagnostics.length > 0 ? { diagnostics: report.diagnostics } : {}),
  };
  if (verified || report.changes.url) return ok(activate ? { result, activate: true } : { result });

  return ok(
    offerTrustedRetry({ doc, el, target, observed, state, opts, notCanceled, result, linkHint: link.hint, gestures }),
  );
}

interface RetryInput {
  doc: Document;
  el: Element;
  target: Element;
  observed: Element[];
  state: VisualState;
  opts: PressOptions;
  /** The synthetic contextmenu (right) or click was not canceled by the page. */
  notCanceled: boolean;
  result: ClickResult;
  linkHint: string | undefined;
  /** APIs needing user activation the synthetic click's handler called and the browser refused. */
  gestures: string[];
}

/** An unverified click: the reason no trusted retry is allowed, or an armed observation and a point for one. */
function offerTrustedRetry(i: RetryInput): ClickReply {
  const { result } = i;
  // A trusted right-click the page does not take opens the browser's own menu, which no page read
  // can see or close: only one whose synthetic contextmenu the page canceled (it draws its own) is retried.
  const needsActivation = i.gestures.length > 0 && i.opts.button === 'left';
  const veto =
    i.opts.button === 'right' && i.notCanceled
      ? 'not tried: the page did not take the right-click (contextmenu not canceled), so a real one would open the browser\u2019s own menu'
      : needsActivation
        ? activationVeto(i.el, i.target, i.state)
        : fallbackVeto(i.el, i.target, i.state);
  if (i.gestures.length > 0)
    result.diagnostics = [
      ...(result.diagnostics ?? []),
      `the page called ${i.gestures.join(', ')} without a user gesture, which the browser refused`,
    ];
  if (veto !== null) {
    result.fallback = veto;
    result.hint =
      i.linkHint ??
      'no visible change yet: the page may still be working, or the click did nothing; re-read the tree before clicking again';
    return { result };
  }
  const p = hittablePoint(i.target);
  if (!p) {
    result.fallback = 'not tried: another element covers the target, so a real click would land elsewhere';
    result.hint = 'something covers this element (an overlay or banner?); close it first, then retry';
    return { result };
  }
  // The trusted click gets an observation of its own; the synthetic click's is done.
  cancelLate();
  const armed = new Observation(i.doc, i.observed);
  armed.pressedAt(pointerTarget(i.target, p));
  if (i.opts.button === 'right') armed.expectMenu();
  const token = arm(armed, i.target);
  return { result, fallback: { token, x: p.x, y: p.y } };
}
