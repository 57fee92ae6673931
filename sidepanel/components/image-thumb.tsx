/**
 * A screenshot's thumbnail and Save button in its tool card. The bytes come from the worker's memory
 * (`get_image`) and are shown through a blob: URL minted here; the manifest's CSP allows `img-src blob:`
 * for exactly this (docs/vision.md). Nothing is written to storage; after a worker restart the card
 * says the image is gone instead.
 */
import { useEffect, useState } from 'preact/hooks';
import type { ImageMeta } from '../../shared/protocol/image';
import { fetchImage } from '../panel-client';

type State = { kind: 'loading' } | { kind: 'shown'; url: string } | { kind: 'gone'; message: string };

function toBlob(base64: string, mediaType: string): Blob {
  const bin = atob(base64);
  const bytes = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
  return new Blob([bytes], { type: mediaType });
}

export function ImageThumb({ image }: { image: ImageMeta }) {
  const [state, setState] = useState<State>({ kind: 'loading' });
  useEffect(() => {
    let url: string | null = null;
    let live = true;
    void fetchImage(image.id).then((r) => {
      if (!live) return;
      if (!r.ok) return setState({ kind: 'gone', message: r.error.message });
      url = URL.createObjectURL(toBlob(r.data.data, r.data.mediaType));
      setState({ kind: 'shown', url });
    });
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [image.id]);
  const ext = image.mediaType === 'image/png' ? 'png' : 'jpg';
  const size = `${image.width}×${image.height}, ${Math.max(1, Math.round(image.bytes / 1024))} KB`;
  if (state.kind === 'gone')
    return (
      <p class="image-thumb is-gone" data-testid="image-gone">
        Screenshot {size}: no longer in memory (screenshots are never stored).
      </p>
    );
  return (
    <figure class="image-thumb" data-testid="image-thumb">
      {state.kind === 'shown' ? (
        <img src={state.url} alt={`Screenshot the agent took (${size})`} width={image.width} height={image.height} />
      ) : (
        <span class="image-thumb-loading">Loading screenshot…</span>
      )}
      <figcaption>
        {size}
        {state.kind === 'shown' && (
          <a class="link-button" href={state.url} download={`weaverbird-${image.id}.${ext}`} data-testid="image-save">
            Save
          </a>
        )}
      </figcaption>
    </figure>
  );
}
