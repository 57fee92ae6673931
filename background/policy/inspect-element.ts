import { GateFactsSchema, type GateFacts, type GateFactsArgs } from '../../shared/protocol/gate-facts';
import { err, ok, type Result } from '../../shared/result';
import { sendToContent } from '../content-bridge';
import { resolveRefTarget } from '../frames/route-ref';
import { pdfGateFacts } from '../pdf/pdf-tools';

/**
 * Asks the frame that owns the ref (a Pay button often lives in a payment iframe) what the action
 * would activate. The ref is routed exactly as the action tools route it, so the facts describe the
 * element the action will touch. Any failure is an error value: the gate then fails closed.
 */
export async function inspectTarget(tabId: number, query: GateFactsArgs, frame?: string): Promise<Result<GateFacts>> {
  // A PDF tab has no page scripts: its link refs are judged from the PDF (pdf/pdf-tools.ts).
  const pdf = await pdfGateFacts(tabId, query);
  if (pdf) return pdf;
  let frameId = 0;
  let args = query;
  if (query.ref) {
    const target = await resolveRefTarget(tabId, query.ref, frame);
    if (!target.ok) return target;
    frameId = target.data.frameId;
    args = { ...query, ref: target.data.localRef };
  }
  const reply = await sendToContent(tabId, { type: 'tool', tool: 'gate_facts', args }, frameId);
  if (!reply.ok) return reply;
  const parsed = GateFactsSchema.safeParse(reply.data);
  return parsed.success ? ok(parsed.data) : err('bad_reply', 'the page returned malformed facts');
}
