import { createReadStream, existsSync, statSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { Duplex } from 'node:stream';
import { FIXTURE_BUILD, FIXTURE_PAGES } from './paths';

type RouteHandler = (req: http.IncomingMessage, res: http.ServerResponse, body: string) => void;

export interface FixtureServer {
  /** e.g. http://127.0.0.1:43121 */
  origin: string;
  url(p: string): string;
  /** Adds or replaces a dynamic route (exact pathname), e.g. an API endpoint a fixture calls. */
  route(pathname: string, handler: RouteHandler): void;
  /** Handles a WebSocket upgrade on this pathname (e.g. with ws-server.ts `acceptSocket`). */
  upgrade(pathname: string, handler: (req: http.IncomingMessage, socket: Duplex) => void): void;
  /** Every request seen, for assertions about what a page sent. */
  requests: { method: string; path: string; body: string }[];
  close(): Promise<void>;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
};

/** Static fixture pages plus bundled apps under /apps/, on a loopback address only. */
export async function startFixtureServer(
  host = '127.0.0.1',
  roots: string[] = [FIXTURE_PAGES],
): Promise<FixtureServer> {
  const routes = new Map<string, RouteHandler>();
  const upgrades = new Map<string, (req: http.IncomingMessage, socket: Duplex) => void>();
  const requests: FixtureServer['requests'] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', `http://${host}`);
      const body = Buffer.concat(chunks).toString('utf8');
      requests.push({ method: req.method ?? 'GET', path: url.pathname + url.search, body });
      const route = routes.get(url.pathname);
      if (route) return route(req, res, body);
      const file = resolveFile(url.pathname, roots);
      if (!file) {
        res.writeHead(404, { 'content-type': 'text/plain' });
        res.end(`not found: ${url.pathname}`);
        return;
      }
      res.writeHead(200, {
        'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
        'cache-control': 'no-store',
      });
      createReadStream(file).pipe(res);
    });
  });
  const upgraded = new Set<Duplex>();
  server.on('upgrade', (req, socket) => {
    upgraded.add(socket);
    socket.on('close', () => upgraded.delete(socket));
    const handler = upgrades.get(new URL(req.url ?? '/', `http://${host}`).pathname);
    if (handler) handler(req, socket);
    else socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('fixture server has no TCP address');
  const { port } = address;
  const origin = `http://${host}:${port}`;
  return {
    origin,
    url: (p) => new URL(p, origin).toString(),
    route: (p, h) => void routes.set(p, h),
    upgrade: (p, h) => void upgrades.set(p, h),
    requests,
    // close() waits for every open connection to end: a browser still holding one (a keep-alive socket,
    // a request a page left pending) kept the red team's attacker server, closed while Chromium is
    // still up, from closing until the 180 s hook timeout. Cut them, as the fake providers do.
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
        for (const s of upgraded) s.destroy();
      }),
  };
}

function resolveFile(pathname: string, roots: string[]): string | null {
  const decoded = decodeURIComponent(pathname);
  if (decoded.startsWith('/apps/')) return safeJoin(FIXTURE_BUILD, decoded.slice('/apps/'.length));
  for (const root of roots) {
    const file = safeJoin(root, decoded === '/' ? 'index.html' : decoded.slice(1));
    if (file) return file;
  }
  return null;
}

function safeJoin(root: string, rel: string): string | null {
  const file = path.resolve(root, rel);
  if (!file.startsWith(path.resolve(root) + path.sep)) return null;
  return existsSync(file) && statSync(file).isFile() ? file : null;
}
