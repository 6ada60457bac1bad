// A photo made smaller on the phone before it is kept (docs/product.md#reporting-a-claim): a camera's 12-megapixel
// picture is 3-6 MB, far too much to keep ten of or send on a roadside signal; the longest side becomes
// CLAIM_PHOTO_LONGEST_SIDE and it is written as JPEG. The picture is drawn upright (imageOrientation 'from-image'),
// since the EXIF orientation does not survive the canvas. The server re-encodes it again in any case.
import { CLAIM_PHOTO_LONGEST_SIDE } from '@server/contract/claim';

/** JPEG quality: a good photo of damage at a fraction of the camera's size. */
const JPEG_QUALITY = 0.85;

/** The size to draw a `width` x `height` picture at: its longest side at most `longest`, never made bigger. */
export function shrunkSize(width: number, height: number, longest = CLAIM_PHOTO_LONGEST_SIDE): { width: number; height: number } {
  if (!(width > 0) || !(height > 0)) throw new RangeError('A photo has no size');
  const scale = Math.min(1, longest / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

export class PhotoUnreadableError extends Error {}

/** The photo as a JPEG of at most CLAIM_PHOTO_LONGEST_SIDE on its longest side. Throws PhotoUnreadableError. */
export async function shrinkPhoto(file: Blob): Promise<{ blob: Blob; width: number; height: number }> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    throw new PhotoUnreadableError('Not a picture the phone can read');
  }
  try {
    const { width, height } = shrunkSize(bitmap.width, bitmap.height);
    const blob = typeof OffscreenCanvas === 'function' ? await viaOffscreen(bitmap, width, height) : await viaCanvas(bitmap, width, height);
    return { blob, width, height };
  } finally {
    bitmap.close();
  }
}

async function viaOffscreen(bitmap: ImageBitmap, width: number, height: number): Promise<Blob> {
  const canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext('2d');
  if (!context) throw new PhotoUnreadableError('No canvas');
  draw(context, bitmap, width, height);
  return canvas.convertToBlob({ type: 'image/jpeg', quality: JPEG_QUALITY });
}

async function viaCanvas(bitmap: ImageBitmap, width: number, height: number): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new PhotoUnreadableError('No canvas');
  draw(context, bitmap, width, height);
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new PhotoUnreadableError('Could not write the photo'))), 'image/jpeg', JPEG_QUALITY),
  );
}

function draw(context: OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D, bitmap: ImageBitmap, width: number, height: number): void {
  // JPEG has no transparency: a PNG's clear parts become white, not black.
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height);
  context.imageSmoothingQuality = 'high';
  context.drawImage(bitmap, 0, 0, width, height);
}
