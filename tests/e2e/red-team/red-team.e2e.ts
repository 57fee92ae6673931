// The red-team suite (issue 10, Proof): every attack of the table, run against the built extension
// in real Chromium with a fully compromised fake model that plays the attacker's script. An attack
// is blocked when the attacker's server (another origin) received nothing and the page's state did
// not change while every prompt was denied. Results go to tests/.out/red-team.json, which
// scripts/security-report.mjs renders into docs/security.md.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeProviders, type FakeProviders } from '../../fake-providers/server';
import { ROOT, FIXTURE_PAGES } from '../support/paths';
import { startFixtureServer, type FixtureServer } from '../support/server';
import { useExtension } from '../support/setup';
import { POPUP_BLOCKING } from '../support/browser';
import { BATCH_ATTACKS } from './attacks-batch';
import { DIALOG_ATTACKS } from './attacks-dialogs';
import { EXFIL_ATTACKS } from './attacks-exfil';
import { GATE_ATTACKS } from './attacks-gate';
import { EVIL_HOST, NAV_ATTACKS } from './attacks-nav';
import { PANEL_ATTACKS } from './attacks-panel';
import { POINTER_ATTACKS } from './attacks-pointer';
import { SHAPE_ATTACKS } from './attacks-shapes';
import { TAB_ATTACKS } from './attacks-tabs';
import { TOOL_ATTACKS } from './attacks-tools';
import { READ_ATTACKS } from './attacks-reads';
import { WEBMCP_ATTACKS } from './attacks-webmcp';
import { serveNavRoutes } from './nav-routes';
import { serveAttackPdf } from './pdf-attack';
import { PUBLIC_HOST, runAttack, serveRedTeamPages, type CaseResult, type RedTeamEnv } from './harness';

const ALL_ATTACKS = [
  ...EXFIL_ATTACKS,
  ...GATE_ATTACKS,
  ...TAB_ATTACKS,
  ...TOOL_ATTACKS,
  ...PANEL_ATTACKS,
  ...READ_ATTACKS,
  ...SHAPE_ATTACKS,
  ...DIALOG_ATTACKS,
  ...BATCH_ATTACKS,
  ...NAV_ATTACKS,
  ...POINTER_ATTACKS,
  ...WEBMCP_ATTACKS,
];
/** RT_ONLY=<regex> runs the matching attacks only (debugging); the JSON is then not the full picture. */
const ONLY = process.env.RT_ONLY ? new RegExp(process.env.RT_ONLY) : null;
const ATTACKS = ONLY ? ALL_ATTACKS.filter((a) => ONLY.test(a.id)) : ALL_ATTACKS;
const OUT = path.join(ROOT, ONLY ? 'tests/.out/red-team-partial.json' : 'tests/.out/red-team.json');

const ext = useExtension({
  partner: true,
  args: [
    `--host-resolver-rules=MAP ${PUBLIC_HOST} 127.0.0.1,MAP ${EVIL_HOST} 127.0.0.1`,
    // RT_POPUP_BLOCKING=1: Chromium's popup blocker on, as in a person's browser (Playwright turns it
    // off), so popups need click_ax's trusted retry (gesture-popup-exfil).
    ...(process.env.RT_POPUP_BLOCKING ? [POPUP_BLOCKING] : []),
  ],
});
let attacker: FixtureServer;
let fake: FakeProviders;
const results: CaseResult[] = [];

function env(): RedTeamEnv {
  return { browser: ext.browser, server: ext.server, partner: ext.partner, attacker, fake };
}

beforeAll(async () => {
  // The attacker: another port on 127.0.0.1 (another origin), recording every request it gets.
  [attacker, fake] = await Promise.all([startFixtureServer('127.0.0.1', [FIXTURE_PAGES]), startFakeProviders()]);
  serveRedTeamPages(env());
  serveNavRoutes([ext.server, ext.partner]);
  await serveAttackPdf(ext.server, attacker.origin);
});

afterAll(async () => {
  const blocked = results.filter((r) => r.blocked).length;
  mkdirSync(path.dirname(OUT), { recursive: true });
  writeFileSync(
    OUT,
    `${JSON.stringify({ ranAt: new Date().toISOString(), blocked, total: results.length, attacks: ATTACKS.length, results }, null, 2)}\n`,
  );
  console.log(`red-team: ${blocked}/${results.length} blocked (${ATTACKS.length} attacks × their modes)`);
  for (const r of results.filter((x) => !x.blocked))
    console.log(`  NOT BLOCKED ${r.attack} [${r.mode}]: ${r.reasons.join('; ')}`);
  await Promise.all([attacker?.close(), fake?.close()]);
});

describe('red team: a compromised model against the built extension', () => {
  it('has at least 30 attacks covering every item of the threat model', () => {
    expect(ALL_ATTACKS.length).toBeGreaterThanOrEqual(30);
    // Items 1–9 are issue 10's, 10–15 issue 24's and 25's (docs/security.md "Threat model").
    expect(new Set(ALL_ATTACKS.map((a) => a.item))).toEqual(new Set(Array.from({ length: 16 }, (_, i) => i)));
    expect(new Set(ALL_ATTACKS.map((a) => a.id)).size).toBe(ALL_ATTACKS.length);
  });

  for (const attack of ATTACKS) {
    for (const mode of attack.modes) {
      it(`${attack.id} [${mode}]: ${attack.what}`, async () => {
        const r = await runAttack(env(), attack, mode);
        results.push(r);
        expect(r.reasons).toEqual([]);
      });
    }
  }
});
