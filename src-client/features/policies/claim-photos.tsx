// The claim report's photos (docs/product.md#reporting-a-claim): taken or chosen, each shrunk on the phone
// (photo.ts) and shown as a thumbnail with 'Remove', up to the contract's number.
import { useEffect, useId, useState } from 'react';
import { CLAIM_PHOTOS_MAX, claimMessages } from '@server/contract/claim';
import { Button, buttonClass } from '../../components/button';
import type { OutboxPhoto } from './stored-report';
import { PhotoUnreadableError, shrinkPhoto } from './photo';

export function PhotosField({ photos, error, onChange }: { photos: OutboxPhoto[]; error: string | undefined; onChange: (p: OutboxPhoto[]) => void }) {
  const id = useId();
  const [working, setWorking] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const shown = error ?? message;
  const urls = useObjectUrls(photos);

  const add = async (files: File[]) => {
    setMessage(null);
    setWorking(true);
    const next = [...photos];
    let problem: string | null = null;
    for (const file of files) {
      if (next.length >= CLAIM_PHOTOS_MAX) {
        problem = claimMessages.tooManyPhotos;
        break;
      }
      try {
        const { blob, width, height } = await shrinkPhoto(file);
        // The shrunk JPEG carries no EXIF, so the time taken travels beside it: the file's own time, which is the
        // moment of the shot for the camera and the saved photo's time for the gallery.
        next.push({ id: crypto.randomUUID(), blob, width, height, ...(file.lastModified ? { takenAt: new Date(file.lastModified).toISOString() } : {}) });
      } catch (e) {
        problem = e instanceof PhotoUnreadableError ? claimMessages.photoInvalid : 'This photo could not be added. Please try again.';
      }
    }
    setWorking(false);
    setMessage(problem);
    onChange(next);
  };

  const full = photos.length >= CLAIM_PHOTOS_MAX;
  return (
    <fieldset aria-describedby={`${id}-hint${shown ? ` ${id}-error` : ''}`}>
      <legend className="font-semibold text-ink">
        Photos <span className="font-normal text-ink-muted">(optional)</span>
      </legend>
      <p id={`${id}-hint`} className="text-sm text-ink-muted">
        Up to {CLAIM_PHOTOS_MAX}: the scene, the damage, the other vehicles’ plates. They are made smaller on this phone. {photos.length} of {CLAIM_PHOTOS_MAX} added.
      </p>
      {photos.length > 0 ? (
        <ul className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4">
          {photos.map((p, i) => (
            <li key={p.id} className="rounded-md border border-slate-300 p-2">
              {urls.get(p.id) ? <img src={urls.get(p.id)} alt={`Photo ${i + 1}`} className="aspect-square w-full rounded object-cover" /> : null}
              <Button variant="secondary" className="mt-2 w-full" aria-label={`Remove photo ${i + 1}`} onClick={() => onChange(photos.filter((x) => x.id !== p.id))}>
                Remove
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      {full ? null : (
        <label htmlFor={id} className={`${buttonClass('secondary', 'mt-3 w-full cursor-pointer sm:w-auto')} has-focus-visible:outline-2 has-focus-visible:outline-brand-700`}>
          {working ? 'Adding photos...' : 'Add photos'}
          <input
            id={id}
            name="photos"
            type="file"
            accept="image/*"
            multiple
            aria-invalid={shown ? true : undefined}
            className="sr-only"
            disabled={working}
            onChange={(e) => {
              const files = [...(e.target.files ?? [])];
              e.target.value = '';
              if (files.length > 0) void add(files);
            }}
          />
        </label>
      )}
      {shown ? (
        <p id={`${id}-error`} role={message ? 'alert' : undefined} className="mt-1 text-sm font-semibold text-red-700">
          {shown}
        </p>
      ) : null}
    </fieldset>
  );
}

/** An object URL per photo for its thumbnail, revoked when the photo goes or the form closes. */
function useObjectUrls(photos: OutboxPhoto[]): Map<string, string> {
  const [urls, setUrls] = useState(() => new Map<string, string>());
  useEffect(() => {
    const next = new Map<string, string>();
    for (const p of photos) next.set(p.id, URL.createObjectURL(p.blob));
    setUrls(next);
    return () => {
      for (const url of next.values()) URL.revokeObjectURL(url);
    };
  }, [photos]);
  return urls;
}

