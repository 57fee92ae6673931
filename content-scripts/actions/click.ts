/**
 * click_ax in the page: resolve, scroll into view, pick what a person would hit, click it with the
 * full synthetic pointer sequence, then watch two observation intervals. When nothing moved and the
 * target is a safe generic element, hand the worker one armed observation and a hit-tested point for
 * a single trusted CDP click (the worker applies the network / new-tab / download veto).
 */
import type { ClickArgs, ClickReply, ClickResult } from '../../src/tools/actions';
import { err, ok, type Result } from '../../src/result';
import { getRefRegistry } from '../ax/ref-registry';
import { describe, isAnchor, isHtmlElement, rectOf, roleOf, shortName } from './element-info';
import { arm, Observation, settle } from './observe';
import { cancelLate, keepForLate } from './late-evidence';
import { BEFORE_RETRY_MS } from './quiet-window';
import { centreOf, hittablePoint, pointerTarget, syntheticClick, syntheticHover, syntheticPress } from './pointer';
import { findStandIn, visualState } from './reachability';
import { fallbackVeto } from './click-eligibility';
import { OPTION_ROLES, renderedTwin } from './widget-twin';

function linkInfo(el: Element): { href?: string; navigates?: boolean; hint?: string } {
  const a = el.closest('a[href]');
  if (!isAnchor(a)) return {};
  const raw = a.getAttribute('href') ?? '';
  const href = a.href;
  if (a.hasAttribute('download')) return { href, navigates: false, hint: 'this link downloads a file' };
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

export async function clickRef(args: ClickArgs, doc: Document): Promise<Result<ClickReply>> {
  const ref = args.ref_id;
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

  let target = el;
  let standIn: string | undefined;
  let twinned = false;
  if (state.hidden !== null && OPTION_ROLES.has(role)) {
    // An option of a list kept for screen readers: the person clicks the option the widget draws.
    const twin = renderedTwin(el, ref);
    if (!twin.el) return err('not_rendered', twin.instead);
    target = twin.el;
    twinned = true;
    standIn = `it is in a list hidden for screen readers; clicked the drawn option ${describe(twin.el)} instead`;
    if (isHtmlElement(target)) target.scrollIntoView({ block: 'nearest', inline: 'nearest', behavior: 'instant' });
  } else if (state.hidden !== null || state.pointerDisabled !== null) {
    const found = findStandIn(el);
    if (found) {
      target = found.el;
      standIn = found.reason;
      if (isHtmlElement(target)) target.scrollIntoView({ block: 'center', inline: 'nearest', behavior: 'instant' });
    }
  }
  const link = linkInfo(target);
  const observed = target === el ? [el] : [el, target];
  const point = hittablePoint(target) ?? centreOf(target);
  // The pointer arrives before the observation starts: what hovering shows (tooltips, hover styles)
  // is not evidence that the click did anything. Focus is not set here: it is mousedown's default
  // action inside the press (pointer.ts), as in a real browser.
  syntheticHover(target, point);
  const obs = new Observation(doc, observed);
  obs.pressedAt(pointerTarget(target, point));
  syntheticPress(target, point);
  let report = await settle(obs, { keep: true });
  if (report.progress.length === 0 && !report.changes.url && fallbackVeto(el, target, state) === null)
    // A trusted retry may follow: the first click gets the whole old window (quiet-window.ts) first.
    report = await settle(obs, { minMs: BEFORE_RETRY_MS, keep: true });
  // Kept on for late evidence (observe.ts) unless a retry below replaces it.
  keepForLate(obs);

  // A stand-in that did not move the hidden control (a label-less decoy): click the control itself.
  let method: ClickResult['method'] = standIn ? 'stand-in' : 'synthetic';
  if (standIn && !twinned && report.progress.length === 0 && el.isConnected) {
    const retry = new Observation(doc, [el]);
    retry.pressedAt(el);
    syntheticClick(el, centreOf(el));
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
  if (verified || report.changes.url) return ok({ result });

  const veto = fallbackVeto(el, target, state);
  if (veto !== null) {
    result.fallback = veto;
    result.hint =
      link.hint ??
      'no visible change yet: the page may still be working, or the click did nothing; re-read the tree before clicking again';
    return ok({ result });
  }
  const p = hittablePoint(target);
  if (!p) {
    result.fallback = 'not tried: another element covers the target, so a real click would land elsewhere';
    result.hint = 'something covers this element (an overlay or banner?); close it first, then retry';
    return ok({ result });
  }
  // The trusted click gets an observation of its own; the synthetic click's is done.
  cancelLate();
  const armed = new Observation(doc, observed);
  armed.pressedAt(pointerTarget(target, p));
  const token = arm(armed, target);
  return ok({ result, fallback: { token, x: p.x, y: p.y } });
}
