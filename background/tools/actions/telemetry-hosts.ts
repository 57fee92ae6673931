/**
 * Third-party analytics, error-reporting and ad-measurement hosts whose POSTs do not mean "the
 * click did something" (issue 10, item 7). Matched by host (the domain or any subdomain of it),
 * never by path: a page's own `/api/events`, `/logs`, `/track` or `/collect` is a write to its own
 * server like any other, and a hostile or merely unusual page can name a real write that way.
 */
const TELEMETRY_DOMAINS: readonly string[] = [
  'google-analytics.com',
  'analytics.google.com',
  'googletagmanager.com',
  'stats.g.doubleclick.net',
  'doubleclick.net',
  'googleadservices.com',
  'googlesyndication.com',
  'segment.io',
  'segment.com',
  'sentry.io',
  'sentry-cdn.com',
  'datadoghq.com',
  'datadoghq.eu',
  'browser-intake-datadoghq.com',
  'mixpanel.com',
  'amplitude.com',
  'hotjar.com',
  'hotjar.io',
  'clarity.ms',
  'bugsnag.com',
  'bugsnag.io',
  'nr-data.net',
  'newrelic.com',
  'fullstory.com',
  'logrocket.io',
  'lr-ingest.io',
  'heapanalytics.com',
  'plausible.io',
  'posthog.com',
  'rollbar.com',
  'quantserve.com',
  'scorecardresearch.com',
];

/** The listed telemetry domain `host` belongs to (itself or a subdomain), or null. */
export function telemetryDomainOf(host: string): string | null {
  const h = host.toLowerCase().replace(/\.$/, '');
  for (const d of TELEMETRY_DOMAINS) if (h === d || h.endsWith(`.${d}`)) return d;
  return null;
}
