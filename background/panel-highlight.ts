/**
 * `highlight_ref` for the side panel's verbose tree viewer: routes a (possibly frame-qualified) ref
 * to the frame that minted it and asks that frame's content script to outline the element.
 */
import { sendToContent } from './content-bridge';
import { resolveRefTarget } from './frames/route-ref';
import { onPanelRequest } from './panel-messages';

export function registerHighlightRequest(): void {
  onPanelRequest('highlight_ref', async ({ tabId, ref }) => {
    const target = await resolveRefTarget(tabId, ref);
    if (!target.ok) return target;
    return sendToContent(
      tabId,
      { type: 'tool', tool: 'highlight_ref', args: { ref: target.data.localRef } },
      target.data.frameId,
    );
  });
}
