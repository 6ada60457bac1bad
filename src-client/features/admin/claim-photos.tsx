// A claim's photos in the opened claim (docs/product.md#staff-queues): thumbnails, and each full size on click in a
// dialog that steps through them. The photos are REST files behind the staff's bearer token, so each is fetched
// (lib/rest.ts fetchFile) and shown from a blob: URL, revoked when it leaves the screen.
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import type { ClaimPhotoView } from '@server/contract/views';
import { Button } from '../../components/button';
import { fetchFile } from '../../lib/rest';
import { Modal } from '../../components/dialog';
import { formatTimestamp } from './format';

const photoPath = (claimId: number, position: number, size: 'thumb' | 'full') => `/admin/claims/${claimId}/photos/${position}?size=${size}`;

const photoName = (index: number, total: number) => `Photo ${index + 1} of ${total}`;

type PhotoFile = { path: string; url: string | null; failed: boolean };

/** The file at `path` as a blob: URL (null while it loads), revoked when the path changes or the photo unmounts. */
function usePhotoUrl(path: string): { url: string | null; failed: boolean } {
  const [file, setFile] = useState<PhotoFile>({ path, url: null, failed: false });
  useEffect(() => {
    const abort = new AbortController();
    let url: string | null = null;
    fetchFile(path, { signal: abort.signal })
      .then(async (res) => {
        if (!res.ok) throw new Error(`HTTP ${res.status}`);
        const blob = await res.blob();
        if (abort.signal.aborted) return;
        url = URL.createObjectURL(blob);
        setFile({ path, url, failed: false });
      })
      .catch(() => {
        if (!abort.signal.aborted) setFile({ path, url: null, failed: true });
      });
    return () => {
      abort.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [path]);
  // A new path shows as loading until its own answer, never the last photo's picture.
  return file.path === path ? file : { url: null, failed: false };
}

export function ClaimPhotos({ claimId, photos }: { claimId: number; photos: ClaimPhotoView[] }) {
  const headingId = useId();
  const [viewing, setViewing] = useState<number | null>(null);
  const thumbs = useRef<(HTMLButtonElement | null)[]>([]);
  const returnTo = useRef<number | null>(null);

  // After the full-size dialog closes (it hands focus back to the thumbnail that opened it), focus the thumbnail of
  // the photo last shown, which next and previous may have moved on from.
  useEffect(() => {
    if (viewing !== null || returnTo.current === null) return;
    thumbs.current[returnTo.current]?.focus();
    returnTo.current = null;
  }, [viewing]);

  const close = useCallback(() => {
    setViewing((at) => {
      returnTo.current = at;
      return null;
    });
  }, []);

  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId} className="text-lg font-bold text-ink">
        Photos
      </h3>
      {photos.length === 0 ? (
        <p className="mt-2 text-ink-muted">No photos.</p>
      ) : (
        <ul className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-3 xl:grid-cols-2 2xl:grid-cols-3" aria-label="Photos, in the order taken">
          {photos.map((p, i) => (
            <li key={p.position}>
              <button
                type="button"
                ref={(el) => {
                  thumbs.current[i] = el;
                }}
                onClick={() => setViewing(i)}
                className="block w-full overflow-hidden rounded-md border border-slate-300 bg-slate-100 hover:border-brand-700"
              >
                <Thumbnail path={photoPath(claimId, p.position, 'thumb')} name={photoName(i, photos.length)} />
              </button>
            </li>
          ))}
        </ul>
      )}
      {viewing !== null && photos[viewing] ? (
        <PhotoViewer claimId={claimId} photos={photos} index={viewing} onIndex={setViewing} onClose={close} />
      ) : null}
    </section>
  );
}

function Thumbnail({ path, name }: { path: string; name: string }) {
  const { url, failed } = usePhotoUrl(path);
  if (url) return <img src={url} alt={name} className="aspect-[4/3] w-full object-cover" />;
  return (
    <span className="flex aspect-[4/3] w-full items-center justify-center p-2 text-center text-sm text-ink-muted" aria-busy={!failed}>
      {failed ? `${name} could not be loaded` : `Loading ${name.toLowerCase()}...`}
    </span>
  );
}

/** One photo full size: Escape or Close closes; Previous and Next (or the arrow keys) step round the photos. */
function PhotoViewer({ claimId, photos, index, onIndex, onClose }: { claimId: number; photos: ClaimPhotoView[]; index: number; onIndex: (i: number) => void; onClose: () => void }) {
  const photo = photos[index]!;
  const name = photoName(index, photos.length);
  const { url, failed } = usePhotoUrl(photoPath(claimId, photo.position, 'full'));
  const many = photos.length > 1;
  // Round, not stopping at the ends: a button disabled at the end would drop the focus it holds.
  const step = useCallback((by: number) => onIndex((index + by + photos.length) % photos.length), [index, onIndex, photos.length]);

  useEffect(() => {
    if (!many) return;
    // The viewer is the topmost dialog while it is open: nothing opens over it.
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'ArrowLeft') step(-1);
      else if (e.key === 'ArrowRight') step(1);
      else return;
      e.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [many, step]);

  return (
    <Modal title={name} onClose={onClose} wide>
      {many ? (
        <div className="mb-3 flex justify-between gap-3">
          <Button variant="secondary" onClick={() => step(-1)}>
            Previous photo
          </Button>
          <Button variant="secondary" onClick={() => step(1)}>
            Next photo
          </Button>
        </div>
      ) : null}
      <figure>
        {url ? (
          <img src={url} alt={name} width={photo.width} height={photo.height} className="mx-auto h-auto max-h-[75vh] w-auto max-w-full" />
        ) : (
          <p className="py-16 text-center text-ink-muted" aria-busy={!failed}>
            {failed ? 'This photo could not be loaded.' : 'Loading photo...'}
          </p>
        )}
        <figcaption className="mt-2 text-sm text-ink-muted">
          {photo.width} × {photo.height} px{photo.takenAt ? `, taken ${formatTimestamp(photo.takenAt)} (UK time)` : ', time taken not known'}
        </figcaption>
      </figure>
    </Modal>
  );
}
