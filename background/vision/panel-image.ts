/** `get_image` for the panel's thumbnail and Save button: the bytes of an in-memory image, by id. */
import { err, ok } from '../../shared/result';
import { onPanelRequest } from '../panel-messages';
import { getImage } from './image-store';

export function registerImageRequest(): void {
  onPanelRequest('get_image', async ({ id }) => {
    const image = getImage(id);
    if (!image)
      return err(
        'image_gone',
        `${id} is no longer in memory: images are kept only while the service worker runs, never stored`,
      );
    return ok({ id: image.id, mediaType: image.mediaType, data: image.data });
  });
}
