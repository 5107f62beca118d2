import sharp from 'sharp';
import type { Sniffed } from './sniff';

/** Larger images are refused before decoding: a small PNG of zeros can claim 100,000 x 100,000 pixels. */
export const MAX_IMAGE_PIXELS = 50_000_000;

const FORMAT_OF: Record<string, string> = { jpg: 'jpeg', png: 'png', gif: 'gif', webp: 'webp' };

export type DecodedImage = { width: number; height: number };

/**
 * Decodes every pixel of an uploaded image (all frames of an animation) with libvips through sharp:
 * the first bytes only say what a file claims to be, and a PNG signature followed by garbage passed
 * that check (issue 9). Answers the real dimensions, or undefined when the bytes are not a whole image
 * of the sniffed format. Decoder warnings (a camera's stray bytes after the image) are tolerated;
 * errors (a broken header, a truncated or undecodable stream) are not.
 */
export const decodeImage = async (bytes: Buffer, sniffed: Sniffed): Promise<DecodedImage | undefined> => {
  const format = FORMAT_OF[sniffed.extension];
  if (!format) return undefined;
  try {
    const image = sharp(bytes, { failOn: 'error', limitInputPixels: MAX_IMAGE_PIXELS, animated: true });
    const meta = await image.metadata();
    if (meta.format !== format || !meta.width || !meta.height) return undefined;
    // statistics read every pixel of every frame, tile by tile, without holding the whole raster
    await image.stats();
    return { width: meta.width, height: meta.pageHeight ?? meta.height };
  } catch {
    return undefined;
  }
};
