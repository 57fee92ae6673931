/**
 * `read_download {id}` (issue 25, docs/files-and-downloads.md): the text of a file an action of this
 * task downloaded. An extension cannot read the disk, so the bytes come from the download's own URL:
 * a `data:` URL is decoded in the worker (no request); an http(s) URL is fetched again with the browser's cookies
 * and accepted only when it is the same file (its byte count equals the saved file's), since a
 * one-time link or a changed export would give other bytes. `blob:` URLs belong to the page and are
 * refused. The content is a read of the download's origin: the read gate asks when that is not one
 * of the task's (background/policy/read-gate.ts), and provenance records it.
 */
import { z } from 'zod';
import { err, ok, type Result } from '../../shared/result';
import { withTimeout } from '../../shared/timeout';
import { hostOf } from '../policy/read-scope';
import { downloadItem, startedBy, summarize } from '../observe/downloads';
import { defineTool } from './define-tool';
import { dataUrlBytes, decodeText, isTextDownload, READ_DOWNLOAD_MAX } from './download-text';

const FETCH_MS = 8000;

async function bytesOf(url: string, signal?: AbortSignal): Promise<Result<Uint8Array>> {
  const scheme = url.slice(0, url.indexOf(':') + 1).toLowerCase();
  if (scheme === 'data:') {
    const bytes = dataUrlBytes(url);
    return bytes ? ok(bytes) : err('bad_url', "the download's data: URL could not be decoded");
  }
  if (scheme !== 'http:' && scheme !== 'https:') {
    return err(
      'unsupported',
      `the file came from a ${scheme} URL, which only the page that made it can read, so it cannot be fetched again; read what the page shows instead`,
    );
  }
  const ctl = new AbortController();
  const stop = signal ? AbortSignal.any([signal, ctl.signal]) : ctl.signal;
  const origin = new URL(url).origin;
  const got = await withTimeout(
    fetch(url, { credentials: 'include', signal: stop, redirect: 'follow' }).then(
      async (r) => {
        if (!r.ok) return `HTTP ${r.status}`;
        // The gate judged the saved file's origin: a redirect elsewhere now is another site's content.
        if (new URL(r.url).origin !== origin) return `it now redirects to ${new URL(r.url).host}`;
        return new Uint8Array(await r.arrayBuffer());
      },
      (e: unknown) => (e instanceof Error ? e.message : String(e)),
    ),
    FETCH_MS,
    () => {
      ctl.abort();
      return `no answer within ${FETCH_MS / 1000} s`;
    },
  );
  return typeof got === 'string' ? err('fetch_failed', `could not read the file again from its URL: ${got}`) : ok(got);
}

export const readDownload = defineTool({
  name: 'read_download',
  family: 'data',
  description: `Text of a file an action downloaded (id from its result's downloads): txt, csv, json…, up to ${READ_DOWNLOAD_MAX / 1024} KiB.`,
  schema: z.object({ id: z.number().int().min(0) }).strict(),
  modes: ['ask', 'act', 'dev'],
  // Rarely needed: not on the Compact tier, whose fixed prompt has no room (fixed-prompt.test.ts).
  tiers: ['mid', 'full'],
  readOnly: true,
  async handler(args, ctx) {
    const tabs = ctx.tabs ? [ctx.tabs.startTab, ...ctx.tabs.opened(), ...ctx.tabs.granted(), ctx.tabId] : [ctx.tabId];
    const item = await downloadItem(args.id);
    // Only downloads this task's actions started: never the user's own earlier files.
    if (!item || (ctx.taskId !== undefined && !startedBy(tabs, args.id))) {
      return err('unknown_download', `no download ${args.id} was started by this task; click the download link first`);
    }
    const info = summarize(item);
    if (item.state !== 'complete') {
      return err(
        'not_complete',
        `download ${args.id} (${info.name}) is ${item.state}${item.error ? ` (${item.error})` : ''}`,
      );
    }
    const size = info.size ?? -1;
    if (size > READ_DOWNLOAD_MAX) {
      return err(
        'too_large',
        `${info.name} is ${size} bytes; read_download reads text files up to ${READ_DOWNLOAD_MAX} bytes`,
      );
    }
    if (!isTextDownload(info.name, info.mime)) {
      return err(
        'not_text',
        `${info.name} (${info.mime ?? 'unknown type'}) is not a text file; read_download reads txt, csv, json and other text`,
      );
    }
    const url = item.finalUrl || item.url;
    if (!url.startsWith('data:') && ctx.reads) {
      const origin = new URL(url).origin;
      const gate = await ctx.reads.content(
        origin,
        `Read the file ${info.name} downloaded from ${hostOf(origin)}, another site than this task's?`,
      );
      if (!gate.ok) return gate;
    }
    const bytes = await bytesOf(url, ctx.signal);
    if (!bytes.ok) return bytes;
    if (size >= 0 && bytes.data.byteLength !== size) {
      return err(
        'changed',
        `fetching ${info.name} again gave ${bytes.data.byteLength} bytes, not the ${size} saved: the link serves another file now (one-time or changing), so its text cannot be read`,
      );
    }
    const text = decodeText(bytes.data);
    if (text === null)
      return err('not_text', `${info.name} is binary (not UTF-8 text); read_download reads text files only`);
    return ok({ id: info.id, name: info.name, size: bytes.data.byteLength, path: info.path, text });
  },
});
