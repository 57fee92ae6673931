/**
 * The one message between the service worker and the offscreen PDF reader (offscreen/pdf.ts), and
 * its reply, parsed on both sides: a PdfSource (pdf-engine.ts) or an error.
 */
import { z } from 'zod';

export const PDF_PARSE = 'wb_offscreen_pdf_parse';

export const PdfParseRequest = z.strictObject({
  type: z.literal(PDF_PARSE),
  url: z.string().max(100_000),
  title: z.string().max(10_000),
});

const Run = z.object({ str: z.string(), x: z.number(), y: z.number(), width: z.number(), size: z.number() });
const LinkArea = z.object({
  rect: z.tuple([z.number(), z.number(), z.number(), z.number()]),
  url: z.string().optional(),
  page: z.number().optional(),
});
const Source = z.object({
  title: z.string(),
  pages: z.array(z.object({ runs: z.array(Run), links: z.array(LinkArea) })),
  outline: z.array(z.object({ title: z.string(), depth: z.number() })),
});

export const PdfParseReply = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), data: Source }),
  z.object({ ok: z.literal(false), error: z.object({ code: z.string(), message: z.string() }) }),
]);
