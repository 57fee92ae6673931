/**
 * `extract`: page data as JSON by a schema, read deterministically in the page
 * (content-scripts/reads/extract.ts). The schema is checked here first, so a malformed one is refused
 * with the fix before any page is touched.
 */
import { z } from 'zod';
import { parseExtractSchema } from '../../shared/tools/extract-spec';
import { defineTool } from './define-tool';
import { pageRead, ReadFrameArg, RefIdArg, SelectorArg } from './page-read';
import { checkReply } from '../page-call';

const ResultSchema = z.object({
  complete: z.boolean(),
  data: z.unknown(),
  evidence: z.object({
    fields: z.record(z.string(), z.string()),
    selectors: z.record(z.string(), z.string()),
    partialMisses: z.array(z.object({ field: z.string(), reason: z.string() })),
  }),
  warnings: z.array(z.string()),
  missing: z.array(z.string()).optional(),
});

export const extractTool = defineTool({
  name: 'extract',
  family: 'data',
  description: [
    'Reads structured data (a table, a product, a list) as JSON shaped by a JSON Schema, without paging the tree.',
    'Each property says where it comes from in "x-source": {selector (CSS inside the current scope) | label (words shown beside it), attr | prop | value | text (default)};',
    'arrays need "x-source": {collection: CSS of the repeated element, or the name of its table/list} and items read inside each; a property without x-source is',
    'looked up by its name as a data-testid/name/id, then as a label. Types: object, array, string, number (parsed as the page writes numbers,',
    '"1.299,00 €" → 1299), integer, boolean; "required" and "default" as in JSON Schema. Returns {complete, data, evidence (selectors: how each field was found), warnings}:',
    'complete:false names the required fields that missed; evidence.partialMisses says why a field is absent.',
    'Example: {schema:{type:"object",properties:{rows:{type:"array","x-source":{collection:"tbody tr"},items:{type:"object",',
    'properties:{name:{type:"string","x-source":{selector:"td:nth-child(1)"}},price:{type:"number","x-source":{selector:".price"}}}}}}}}.',
  ].join(' '),
  schema: z.strictObject({
    schema: z
      .record(z.string(), z.unknown())
      .describe(
        'JSON Schema with "x-source" per property (selector, label, attr, prop, text, value; collection for arrays)',
      ),
    ref_id: RefIdArg.optional().describe('read inside this element only'),
    selector: SelectorArg.optional().describe(
      'read inside the first element this CSS selector matches (fails when none)',
    ),
    strict: z.boolean().optional().describe('unknown x-source keys are errors instead of warnings'),
    maxItems: z.number().int().min(1).max(500).optional().describe('most items per array (default 100)'),
    frameId: ReadFrameArg.optional(),
  }),
  modes: ['ask', 'act', 'dev'],
  tiers: ['mid', 'full'],
  readOnly: true,
  async handler(args, ctx) {
    const schema = parseExtractSchema(args.schema);
    if (!schema.ok) return schema;
    const reply = await pageRead(ctx.tabId, 'extract', { ...args, schema: schema.data }, ctx.reads);
    return checkReply(reply, ResultSchema, 'extract result');
  },
});
