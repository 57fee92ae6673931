/**
 * Plan first (issue 15 item 2): the pure rules the worker and the panel share. A plan is model
 * output the page may have steered, so it is shown to the user plainly and only its sites, as
 * origins the user approved, change what the task may do: navigation to them stops asking, and
 * every other approval (hard-to-undo actions) stays as it was.
 */
import type { Mode, Tier } from './modes';
import { err, ok, type Result } from './result';
import type { Plan } from './protocol/handover';

/** Small models benefit most from stating a plan first; frontier ones may opt in. */
export function planFirstByDefault(tier: Tier): boolean {
  return tier !== 'full';
}

/** Ask mode changes nothing, so there is nothing to plan for. */
export function planRequiredFor(mode: Mode, planFirst: boolean): boolean {
  return planFirst && mode !== 'ask';
}

/**
 * Turns the plan's sites into origins. Bare host names are read as https (what a person typing
 * "shop.example" means); anything that is not http(s) is an error naming the entry to fix.
 */
export function planOrigins(sites: readonly string[]): Result<string[]> {
  const out: string[] = [];
  for (const raw of sites) {
    const site = raw.trim();
    if (site === '') continue;
    // "mailto:a@b" or "javascript:…" must not become https://… by the bare-host rule ("host:8080" may).
    if (!/^[a-z][a-z\d+.-]*:\/\//i.test(site) && /^[a-z][a-z\d+.-]*:(?!\d)/i.test(site))
      return err('bad_site', `"${site.slice(0, 80)}" is not an http(s) site; write it like https://shop.example`);
    let url: URL;
    try {
      url = new URL(/^[a-z][a-z\d+.-]*:\/\//i.test(site) ? site : `https://${site}`);
    } catch {
      return err('bad_site', `"${site.slice(0, 80)}" is not a site; write it as an origin like https://shop.example`);
    }
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password)
      return err('bad_site', `"${site.slice(0, 80)}" is not an http(s) site; write it like https://shop.example`);
    if (!out.includes(url.origin)) out.push(url.origin);
  }
  return ok(out);
}

/** The plan as the model reads it back when the user edited it (the user's words: not fenced). */
export function planText(plan: Plan): string {
  return [
    'Steps:',
    ...plan.steps.map((s, i) => `${i + 1}. ${s}`),
    `Sites: ${plan.sites.join(', ') || '(none)'}`,
    `Changes: ${plan.changes}`,
  ].join('\n');
}

/** Parses the panel's edit box: one step per line, sites separated by commas, spaces or lines. */
export function planFromText(stepsText: string, sitesText: string, changes: string): Plan {
  return {
    steps: stepsText
      .split('\n')
      .map((s) => s.replace(/^\s*\d+[.)]\s*/, '').trim())
      .filter((s) => s !== ''),
    sites: sitesText
      .split(/[\s,]+/)
      .map((s) => s.trim())
      .filter((s) => s !== ''),
    changes: changes.trim(),
  };
}
