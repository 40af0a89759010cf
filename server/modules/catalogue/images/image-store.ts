/**
 * Catalogue images uploaded in the back office: the bytes must decode as JPEG, PNG or WebP (sharp
 * reads the content, not the declared type), at most MAX_IMAGE_BYTES and 40 megapixels; each is
 * resized (never enlarged, EXIF orientation applied, metadata dropped) to the widths the storefront
 * shows (IMAGE_WIDTHS) as WebP, named by a hash of its content, so a name's bytes never change and
 * are served with `immutable` caching. The catalogue stores the IMAGE_MAIN_WIDTH URL.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type Sharp from 'sharp';
import { lazyModule } from '../../../lazy-module.ts';
import { IMAGE_MAIN_WIDTH, IMAGE_WIDTHS, MAX_IMAGE_BYTES } from '#domain/backoffice/catalogue-editor.ts';
import { AppError } from '../../../errors.ts';

const sharp = lazyModule<typeof Sharp>('sharp');

export const MEDIA_PREFIX = '/media/';
/** A stored image's file name: a content hash and a width. */
export const MEDIA_NAME = /^([0-9a-f]{32})-(\d{2,4})\.webp$/;
const MAX_PIXELS = 40_000_000;
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp']);

export interface StoredImage {
  /** The URL the catalogue stores (IMAGE_MAIN_WIDTH wide). */
  url: string;
  /** Every stored width's URL. */
  sizes: { width: number; url: string }[];
}

export async function storeImage(mediaDir: string, bytes: Buffer): Promise<StoredImage> {
  if (bytes.length > MAX_IMAGE_BYTES) throw new AppError('IMAGE_TOO_LARGE', 413, `An image may be at most ${MAX_IMAGE_BYTES / 1024 / 1024} MB`);
  const metadata = await sharp()(bytes, { limitInputPixels: false })
    .metadata()
    .catch(() => {
      throw new AppError('IMAGE_INVALID', 400, 'This file is not a JPEG, PNG or WebP image');
    });
  const { format } = metadata;
  const width = metadata.width ?? 0;
  const height = metadata.height ?? 0;
  if (!format || !ACCEPTED_FORMATS.has(format) || width === 0 || height === 0)
    throw new AppError('IMAGE_INVALID', 400, 'This file is not a JPEG, PNG or WebP image');
  if (width * height > MAX_PIXELS) throw new AppError('IMAGE_TOO_LARGE', 413, 'The image has too many pixels');

  const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 32);
  await mkdir(mediaDir, { recursive: true });
  const sizes: StoredImage['sizes'] = [];
  for (const target of IMAGE_WIDTHS) {
    const name = `${hash}-${target}.webp`;
    let output: Buffer;
    try {
      output = await sharp()(bytes, { limitInputPixels: MAX_PIXELS })
        .rotate()
        .resize({ width: target, withoutEnlargement: true })
        .webp({ quality: 80 })
        .toBuffer();
    } catch {
      throw new AppError('IMAGE_INVALID', 400, 'This image could not be read');
    }
    // Written under a temporary name then renamed: a reader never sees half a file.
    const temporary = join(mediaDir, `.${name}.${process.pid}.tmp`);
    await writeFile(temporary, output);
    await rename(temporary, join(mediaDir, name));
    sizes.push({ width: target, url: `${MEDIA_PREFIX}${name}` });
  }
  return { url: `${MEDIA_PREFIX}${hash}-${IMAGE_MAIN_WIDTH}.webp`, sizes };
}

/** A stored image's bytes, or null for a name that is not one (or not there). */
export async function readImage(mediaDir: string, name: string): Promise<Buffer | null> {
  if (!MEDIA_NAME.test(name)) return null;
  try {
    return await readFile(join(mediaDir, name));
  } catch {
    return null;
  }
}
