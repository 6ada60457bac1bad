// A claim's photos as the server keeps them (docs/product.md#reporting-a-claim): real JPEG, PNG or WebP by their bytes,
// re-encoded as JPEG (turned upright, longest side at most CLAIM_PHOTO_LONGEST_SIDE) with no metadata at all, and
// when each was taken kept beside it. CPU work: done before the claim's write transaction, never inside it.
import exifReader from 'exif-reader';
import sharp from 'sharp';
import { CLAIM_PHOTO_LONGEST_SIDE, CLAIM_PHOTO_MAX_BYTES, claimMessages, type ClaimPhotoInput } from '../../../contract/claim';
import { messages } from '../../../contract/messages';
import { ukLocalToEpoch } from '../../../contract/time';
import { fieldInvalid, TooLargeError } from '../../../errors';

/** The queue's small copy: longest side in pixels. */
export const CLAIM_THUMBNAIL_LONGEST_SIDE = 320;
/**
 * The most pixels a photo may decode to: a 50-megapixel camera's full frame. A small file can claim a huge image (a
 * decompression bomb); the phone sends 1600 px, so only a hand-made report comes near this.
 */
const MAX_INPUT_PIXELS = 50_000_000;
const JPEG_QUALITY = 82;
const THUMBNAIL_QUALITY = 70;

export interface ProcessedPhoto {
  /** 1 to 10, in the report's order. */
  position: number;
  bytes: Buffer;
  thumbnail: Buffer;
  width: number;
  height: number;
  takenAt: number | null;
}

type ImageKind = 'jpeg' | 'png' | 'webp';

/** What the file's first bytes say it is (its magic number), or null for anything else. */
export function imageKindOf(bytes: Buffer): ImageKind | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  return null;
}

/** The field a photo's error is said against: `photos.0` is the first, as the schema's own issues name it. */
const photoField = (index: number) => `photos.${index}`;

/**
 * When the camera says the photo was taken (EXIF DateTimeOriginal), or null. The time is the camera's wall clock: with
 * its offset when the camera wrote one (OffsetTimeOriginal), else read as UK time (the phone is at the roadside here).
 */
export function exifTakenAt(exif: Buffer | undefined): number | null {
  if (!exif) return null;
  try {
    const tags = exifReader(exif);
    const original = tags.Photo?.DateTimeOriginal;
    if (!(original instanceof Date) || Number.isNaN(original.getTime())) return null;
    // exif-reader reads the wall clock as if it were UTC.
    const offset = /^([+-])(\d\d):(\d\d)$/.exec(tags.Photo?.OffsetTimeOriginal ?? '');
    if (offset) {
      const minutes = (Number(offset[2]) * 60 + Number(offset[3])) * (offset[1] === '-' ? -1 : 1);
      return original.getTime() - minutes * 60_000;
    }
    const iso = original.toISOString();
    return ukLocalToEpoch(iso.slice(0, 10), iso.slice(11, 16)) + original.getUTCSeconds() * 1000;
  } catch {
    // A camera's broken EXIF block costs the time taken, never the photo.
    return null;
  }
}

/** One photo checked and re-encoded; `index` is its place in the report (0 first). */
async function processPhoto(photo: ClaimPhotoInput, index: number): Promise<ProcessedPhoto> {
  const field = photoField(index);
  const original = Buffer.from(photo.data, 'base64');
  if (original.length > CLAIM_PHOTO_MAX_BYTES) {
    throw new TooLargeError(claimMessages.photoTooLarge, { formErrors: [], fieldErrors: { [field]: [claimMessages.photoTooLarge] } });
  }
  const invalid = () => fieldInvalid(messages.invalidInput, { [field]: claimMessages.photoInvalid });
  const kind = imageKindOf(original);
  if (!kind) throw invalid();
  const options = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' as const };
  let metadata: sharp.Metadata;
  try {
    metadata = await sharp(original, options).metadata();
  } catch {
    throw invalid();
  }
  // The bytes must be what they begin as: a PNG header on something else is not a PNG.
  if (metadata.format !== kind) throw invalid();
  try {
    // .rotate() with no angle turns the picture upright by its EXIF orientation; nothing of the metadata is kept
    // (sharp writes none unless asked), so no place, no camera.
    const { data, info } = await sharp(original, options)
      .rotate()
      .resize({ width: CLAIM_PHOTO_LONGEST_SIDE, height: CLAIM_PHOTO_LONGEST_SIDE, fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: JPEG_QUALITY })
      .toBuffer({ resolveWithObject: true });
    const thumbnail = await sharp(data)
      .resize({ width: CLAIM_THUMBNAIL_LONGEST_SIDE, height: CLAIM_THUMBNAIL_LONGEST_SIDE, fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: THUMBNAIL_QUALITY })
      .toBuffer();
    const takenAt = photo.takenAt !== undefined ? Date.parse(photo.takenAt) : exifTakenAt(metadata.exif);
    return { position: index + 1, bytes: data, thumbnail, width: info.width, height: info.height, takenAt };
  } catch {
    // Its header read but its pixels did not (a truncated file).
    throw invalid();
  }
}

/** Every photo of a report, in order; the first that fails refuses the report (400 or 413 naming it). */
export async function processPhotos(photos: readonly ClaimPhotoInput[]): Promise<ProcessedPhoto[]> {
  const done: ProcessedPhoto[] = [];
  // One at a time: a report's ten photos never hold ten decoded images in memory at once.
  for (const [index, photo] of photos.entries()) done.push(await processPhoto(photo, index));
  return done;
}
