import type Sharp from 'sharp';
import type { ImageExtension } from './image-type.ts';

/**
 * The largest picture, in pixels, the shop decodes (6000 × 6000). A few hundred kilobytes of PNG can claim
 * billions of pixels; sharp reads the size from the header and refuses before it allocates anything.
 */
export const UPLOAD_MAX_PIXELS = 6000 * 6000;

export type ReencodeResult = { ok: true; bytes: Buffer } | { ok: false; reason: 'too-many-pixels' | 'unreadable' };

let loading: Promise<typeof Sharp> | undefined;

/** sharp and libvips (about 14 MiB resident) are loaded with the first upload, not by every process at start. */
function loadSharp(): Promise<typeof Sharp> {
  return (loading ??= import('sharp').then(({ default: sharp }) => {
    // Decoded pictures are not reused, and memory on the shop's host is better spent elsewhere.
    sharp.cache(false);
    return sharp;
  }));
}

/**
 * Decodes an uploaded picture and encodes it afresh in the same format. Only pixels survive: bytes hidden after
 * the image (a script appended to a PNG), EXIF (GPS position, camera, owner), XMP, IPTC and comments are gone.
 * The EXIF orientation is applied to the pixels first, so a phone photo still stands the right way up without it.
 * Colour is converted to sRGB, the web's default, so no ICC profile is needed either.
 */
export async function reencodeImage(input: Buffer, type: ImageExtension): Promise<ReencodeResult> {
  // failOn 'error': a truncated or damaged file is refused rather than stored half grey.
  const sharp = await loadSharp();
  const image = sharp(input, { limitInputPixels: UPLOAD_MAX_PIXELS, failOn: 'error', pages: 1 }).autoOrient();
  const encoded =
    type === 'png'
      ? image.png({ compressionLevel: 9 })
      : type === 'jpg'
        ? image.jpeg({ quality: 88, mozjpeg: true })
        : image.webp({ quality: 88 });
  try {
    return { ok: true, bytes: await encoded.toBuffer() };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { ok: false, reason: /pixel limit/i.test(message) ? 'too-many-pixels' : 'unreadable' };
  }
}
