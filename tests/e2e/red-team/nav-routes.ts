/**
 * Open redirects on the red-team sites (issue 24 item 2): `/red-team/nav/redirect?code=302&to=URL`
 * answers with that status and Location, `/red-team/nav/meta?to=URL` with a meta refresh and
 * `/red-team/nav/js?to=URL` with a script that sets `location`. Any of them on the task's own site
 * turns a same-origin navigation into a hop to another origin.
 */
import type { FixtureServer } from '../support/server';

const CODES = new Set([301, 302, 303, 307, 308]);

function target(url: string | undefined): string {
  return new URL(url ?? '/', 'http://x').searchParams.get('to') ?? '/';
}

/** Attribute- and script-safe: the target is only ever a URL the case built itself. */
function htmlPage(head: string, body = ''): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Moving</title>${head}</head><body><p>Moving…</p>${body}</body></html>`;
}

export function serveNavRoutes(sites: readonly FixtureServer[]): void {
  for (const site of sites) {
    site.route('/red-team/nav/redirect', (req, res) => {
      const code = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('code'));
      res.writeHead(CODES.has(code) ? code : 302, { location: target(req.url), 'cache-control': 'no-store' });
      res.end();
    });
    site.route('/red-team/nav/meta', (req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      res.end(htmlPage(`<meta http-equiv="refresh" content="0; url=${encodeURI(target(req.url))}">`));
    });
    site.route('/red-team/nav/js', (req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      res.end(htmlPage('', `<script>location.href = ${JSON.stringify(target(req.url))};</script>`));
    });
  }
}
