/**
 * The backup file's encryption (server/modules/backup/backup-cipher.ts): what goes in comes out with the
 * right key, and every way of getting it wrong is refused with a message that says which: another key,
 * a changed byte anywhere, a file cut short or extended, a chunk moved, a header changed.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CHUNK_BYTES, openBackup, readBackupMetadata, sealBackup, type BackupMetadata } from '../../../server/modules/backup/backup-cipher.ts';

const key = new Uint8Array(randomBytes(32));
const metadata: BackupMetadata = { engine: 'pglite', takenAt: '2030-06-03T07:00:00.000Z', migration: '1795315897919' };

async function collect(source: AsyncIterable<Buffer>): Promise<Buffer> {
  const pieces: Buffer[] = [];
  for await (const piece of source) pieces.push(piece);
  return Buffer.concat(pieces);
}

async function* pieces(data: Buffer, size = 65_536) {
  for (let at = 0; at < data.length; at += size) yield data.subarray(at, at + size);
}

const seal = (plain: Buffer) => collect(sealBackup(pieces(plain), key, metadata));
const open = (file: Buffer, withKey: Uint8Array = key) => collect(openBackup(pieces(file, 4096), withKey));

/** Two and a half chunks: three chunks, the last one short. */
const plain = randomBytes(CHUNK_BYTES * 2 + CHUNK_BYTES / 2);
const HEADER = 8 + 1 + 32 + 16 + 2 + Buffer.byteLength(JSON.stringify(metadata));
const CHUNK = 4 + CHUNK_BYTES + 16;

describe('the backup file', () => {
  it('opens with the key it was sealed with, every byte back, and its header readable without the key', async () => {
    const file = await seal(plain);
    expect((await open(file)).equals(plain)).toBe(true);
    expect(await readBackupMetadata(pieces(file))).toEqual(metadata);
    // Nothing of the plaintext shows: two seals of the same bytes share nothing beyond the magic and metadata.
    const again = await seal(plain);
    expect(file.subarray(HEADER, HEADER + 64).equals(again.subarray(HEADER, HEADER + 64))).toBe(false);
  });

  it('seals and opens an empty backup', async () => {
    expect((await open(await seal(Buffer.alloc(0)))).length).toBe(0);
  });

  it('refuses another key, saying so', async () => {
    const file = await seal(plain);
    await expect(open(file, new Uint8Array(randomBytes(32)))).rejects.toThrow(/made with another key/);
  });

  it.each([
    ['a byte of the first chunk', HEADER + 4 + 100],
    ['a byte of the last chunk', HEADER + 2 * CHUNK + 4 + 7],
    ['a tag', HEADER + CHUNK - 1],
  ])('refuses %s changed, naming the damage', async (_, at) => {
    const file = await seal(plain);
    file[at] = (file[at] as number) ^ 0x01;
    await expect(open(file)).rejects.toThrow(/damaged or was changed/);
  });

  it('refuses a changed header (the metadata is authenticated)', async () => {
    const file = await seal(plain);
    const changed = Buffer.from(file.toString('latin1').replace('"pglite"', '"pgLite"'), 'latin1');
    await expect(open(changed)).rejects.toThrow(/damaged or was changed/);
  });

  it('refuses a file cut short at a chunk boundary or inside one', async () => {
    const file = await seal(plain);
    await expect(open(file.subarray(0, HEADER + 2 * CHUNK))).rejects.toThrow(/cut short/);
    await expect(open(file.subarray(0, file.length - 5))).rejects.toThrow(/cut short/);
  });

  it('refuses a file with bytes after its end, or a chunk moved', async () => {
    const file = await seal(plain);
    await expect(open(Buffer.concat([file, Buffer.from('more')]))).rejects.toThrow(/bytes after its end/);
    const swapped = Buffer.concat([
      file.subarray(0, HEADER),
      file.subarray(HEADER + CHUNK, HEADER + 2 * CHUNK),
      file.subarray(HEADER, HEADER + CHUNK),
      file.subarray(HEADER + 2 * CHUNK),
    ]);
    await expect(open(swapped)).rejects.toThrow(/part 1 does not verify/);
  });

  it('refuses a file that is not a backup', async () => {
    await expect(open(Buffer.from('PGDMP not encrypted'))).rejects.toThrow(/not a shop backup/);
  });
});
