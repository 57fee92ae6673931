/**
 * Page handlers of the assertive reads: verify (and wait_for, which the worker runs as repeated
 * verifies), extract, inspect and the DOM-activity probe behind wait_for_stable. Arguments are parsed
 * here with the shared contracts; the logic lives in content-scripts/reads/.
 */
import { ok } from '../../shared/result';
import { parseArgs } from '../../shared/tools/actions';
import { ExtractArgsMiniSchema, parseExtractSchema } from '../../shared/tools/extract-spec';
import { DomActivityArgsMiniSchema, InspectArgsMiniSchema, parseVerifyArgs } from '../../shared/tools/reads';
import { domActivity } from '../reads/dom-activity';
import { runExtract } from '../reads/extract';
import { runInspect } from '../reads/inspect';
import { runVerify } from '../reads/verify';
import { runSample } from '../reads/sample';
import { SampleArgsMiniSchema } from '../../shared/tools/sample';
import type { ContentHandler } from './types';

const verifyHandler: ContentHandler = {
  name: 'verify',
  run(raw, doc) {
    const args = parseVerifyArgs(raw);
    return args.ok ? runVerify(doc, args.data) : args;
  },
};

const extractHandler: ContentHandler = {
  name: 'extract',
  run(raw, doc) {
    const args = parseArgs('extract', ExtractArgsMiniSchema, raw);
    if (!args.ok) return args;
    const schema = parseExtractSchema(args.data.schema);
    if (!schema.ok) return schema;
    return runExtract(doc, { ...args.data, schema: schema.data });
  },
};

const inspectHandler: ContentHandler = {
  name: 'inspect',
  run(raw, doc) {
    const args = parseArgs('inspect', InspectArgsMiniSchema, raw);
    return args.ok ? runInspect(doc, args.data) : args;
  },
};

const domActivityHandler: ContentHandler = {
  name: 'dom_activity',
  run(raw, doc) {
    const args = parseArgs('dom_activity', DomActivityArgsMiniSchema, raw);
    return args.ok ? ok(domActivity(doc)) : args;
  },
};

const sampleHandler: ContentHandler = {
  name: 'sample',
  run(raw, doc) {
    const args = parseArgs('sample', SampleArgsMiniSchema, raw);
    return args.ok ? runSample(doc, args.data) : args;
  },
};

export const readHandlers: readonly ContentHandler[] = [
  sampleHandler,
  verifyHandler,
  extractHandler,
  inspectHandler,
  domActivityHandler,
];
