import { GateFactsSchema, type GateFacts, type GateFactsArgs } from '../../shared/protocol/gate-facts';
import { type Result } from '../../shared/result';
import { resolveRefTarget } from '../frames/route-ref';
import { pdfGateFacts } from '../pdf/pdf-tools';
import { pageCall } from '../page-call';

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
  return pageCall(tabId, 'gate_facts', args, GateFactsSchema, frameId);
}
