/**
 * Image maps (HTML §4.8.14). An `<area>` has no box of its own (the UA sheet gives it
 * `display: none`) but is a focusable link drawn as part of the image that uses its map; Chromium
 * exposes the areas as link children of that image. So the walk skips areas where they sit in the
 * DOM and prints them under the first rendered `<img usemap>` that uses their map.
 */
import { isDocument, isShadowRoot } from './flat-tree';
import { isAriaHidden } from './visibility';

/**
 * The `<map>` an image uses: a "valid hash-name reference" (`#name`) matched against the id or
 * name of the first such map in the image's tree (HTML §2.5.6 "rules for parsing a hash-name reference").
 */
export function mapOf(img: Element): Element | null {
  const usemap = img.getAttribute('usemap');
  if (usemap === null) return null;
  const hash = usemap.indexOf('#');
  if (hash < 0) return null;
  const name = usemap.slice(hash + 1);
  if (!name) return null;
  const root = img.getRootNode();
  if (!isDocument(root) && !isShadowRoot(root)) return null;
  for (const map of Array.from(root.querySelectorAll('map'))) {
    if (map.getAttribute('id') === name || map.getAttribute('name') === name) return map;
  }
  return null;
}

/**
 * The areas of the map that act as links (an `<area>` without href is not focusable and has no
 * role to act on), minus those hidden from assistive technology.
 */
export function linkAreasOf(map: Element): Element[] {
  return Array.from(map.querySelectorAll('area[href]')).filter((a) => !isAriaHidden(a) && !a.closest('[inert]'));
}
