/**
 * The backup file: a header anyone can read (what the backup is: engine, time, format) and the
 * backup's bytes encrypted with AES-256-GCM under a key derived from the owner's BACKUP_KEY, in
 * chunks that each carry their own authentication tag.
 *
 *   header  "TSHOPBAK" | version (1 byte) | salt (32) | key check (16) | metadata length (u16) | metadata (JSON)
 *   chunk   length (u32: plaintext bytes, top bit set on the last chunk) | ciphertext | tag (16)
 *
 * Each file has its own key: HKDF-SHA256 of BACKUP_KEY with the file's random salt. A chunk's nonce
 * is its number (11 bytes) and whether it is the last (1 byte), and every chunk authenticates the
 * whole header, so a chunk cannot be moved, dropped, replayed from another file or made the last,
 * the file cannot be cut short or extended, and the header's metadata cannot be changed. The key
 * check (another HKDF output of the same key and salt) tells a wrong key from a damaged file.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import { ByteReader } from './byte-reader.ts';

const MAGIC = Buffer.from('TSHOPBAK', 'ascii');
const VERSION = 1;
const SALT_BYTES = 32;
const CHECK_BYTES = 16;
const TAG_BYTES = 16;
const LAST_CHUNK = 0x8000_0000;
/** Plaintext bytes per chunk: what a reader holds in memory at once. */
export const CHUNK_BYTES = 1024 * 1024;
const MAX_METADATA_BYTES = 0xffff;

/** What the header says about a backup; readable without the key, authenticated with it. */
export interface BackupMetadata {
  /** The engine the backup restores onto. */
  engine: 'pglite' | 'postgres';
  /** When the snapshot was taken (ISO 8601, UTC). */
  takenAt: string;
  /** The last migration applied to the database backed up (server/db/migrations). */
  migration: string | null;
}

/** A backup that cannot be opened: a wrong key, a changed or damaged file, or not a backup at all. */
export class BackupRefused extends Error {
  override name = 'BackupRefused';
}

function derive(key: Uint8Array, salt: Uint8Array, purpose: 'key' | 'check', bytes: number): Buffer {
  return Buffer.from(hkdfSync('sha256', key, salt, `ticket-shop backup v${VERSION} ${purpose}`, bytes));
}

function nonce(counter: number, last: boolean): Buffer {
  const bytes = Buffer.alloc(12);
  bytes.writeUIntBE(counter, 5, 6);
  bytes[11] = last ? 1 : 0;
  return bytes;
}

/** Encrypts `source` into backup-file bytes (header first). */
export async function* sealBackup(source: AsyncIterable<Uint8Array>, key: Uint8Array, metadata: BackupMetadata): AsyncGenerator<Buffer> {
  const salt = randomBytes(SALT_BYTES);
  const meta = Buffer.from(JSON.stringify(metadata), 'utf8');
  if (meta.length > MAX_METADATA_BYTES) throw new Error('backup metadata too long');
  const metaLength = Buffer.alloc(2);
  metaLength.writeUInt16BE(meta.length);
  const header = Buffer.concat([MAGIC, Buffer.from([VERSION]), salt, derive(key, salt, 'check', CHECK_BYTES), metaLength, meta]);
  const fileKey = derive(key, salt, 'key', 32);
  yield header;

  let counter = 0;
  const seal = (plain: Buffer, last: boolean): Buffer => {
    const cipher = createCipheriv('aes-256-gcm', fileKey, nonce(counter, last));
    cipher.setAAD(header);
    const body = Buffer.concat([cipher.update(plain), cipher.final()]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(plain.length + (last ? LAST_CHUNK : 0));
    counter += 1;
    return Buffer.concat([length, body, cipher.getAuthTag()]);
  };

  const pending: Buffer[] = [];
  let pendingBytes = 0;
  /** The first `count` pending bytes (copied only when they span pieces). */
  const take = (count: number): Buffer => {
    const parts: Buffer[] = [];
    for (let needed = count; needed > 0;) {
      const first = pending[0] as Buffer;
      if (first.length <= needed) {
        parts.push(first);
        pending.shift();
        needed -= first.length;
      } else {
        parts.push(first.subarray(0, needed));
        pending[0] = first.subarray(needed);
        needed = 0;
      }
    }
    pendingBytes -= count;
    return parts.length === 1 ? (parts[0] as Buffer) : Buffer.concat(parts);
  };
  for await (const piece of source) {
    pending.push(Buffer.from(piece.buffer, piece.byteOffset, piece.byteLength));
    pendingBytes += piece.byteLength;
    // A full chunk is sealed once more follows: the last chunk (marked so) is never an empty extra one but for an empty backup.
    while (pendingBytes > CHUNK_BYTES) yield seal(take(CHUNK_BYTES), false);
  }
  yield seal(take(pendingBytes), true);
}

const notABackup = () => new BackupRefused('This file is not a shop backup (or its first bytes are damaged).');

/** The header of a backup file: its metadata, and what opening it needs. */
async function readHeader(reader: ByteReader): Promise<{ header: Buffer; salt: Buffer; check: Buffer; metadata: BackupMetadata }> {
  const fixed = await reader.read(MAGIC.length + 1 + SALT_BYTES + CHECK_BYTES + 2);
  if (fixed.length < MAGIC.length + 1 || !fixed.subarray(0, MAGIC.length).equals(MAGIC)) throw notABackup();
  const version = fixed[MAGIC.length];
  if (version !== VERSION) throw new BackupRefused(`This backup is of format version ${version}; this shop reads version ${VERSION}.`);
  if (fixed.length < MAGIC.length + 1 + SALT_BYTES + CHECK_BYTES + 2) throw notABackup();
  let at = MAGIC.length + 1;
  const salt = fixed.subarray(at, (at += SALT_BYTES));
  const check = fixed.subarray(at, (at += CHECK_BYTES));
  const meta = await reader.read(fixed.readUInt16BE(at));
  let metadata: BackupMetadata;
  try {
    metadata = JSON.parse(meta.toString('utf8')) as BackupMetadata;
  } catch {
    throw notABackup();
  }
  return { header: Buffer.concat([fixed, meta]), salt, check, metadata };
}

/** The metadata of a backup file, without the key (nothing is decrypted or verified). */
export async function readBackupMetadata(source: AsyncIterable<Uint8Array>): Promise<BackupMetadata> {
  return (await readHeader(new ByteReader(source))).metadata;
}

/**
 * Decrypts backup-file bytes, verifying every chunk; throws BackupRefused on a wrong key, a changed,
 * cut or extended file. Yields each chunk's plaintext only once that chunk is verified; `onMetadata`
 * hears the header's metadata before the first.
 */
export async function* openBackup(source: AsyncIterable<Uint8Array>, key: Uint8Array, onMetadata?: (metadata: BackupMetadata) => void): AsyncGenerator<Buffer> {
  const reader = new ByteReader(source);
  const { header, salt, check, metadata } = await readHeader(reader);
  if (!timingSafeEqual(check, derive(key, salt, 'check', CHECK_BYTES)))
    throw new BackupRefused('This backup was made with another key: BACKUP_KEY is not the key it was encrypted with (or its header was changed).');
  onMetadata?.(metadata);
  const fileKey = derive(key, salt, 'key', 32);
  for (let counter = 0; ; counter += 1) {
    const lengthBytes = await reader.read(4);
    if (lengthBytes.length < 4) throw new BackupRefused('This backup is cut short: its end is missing (an interrupted copy or upload?).');
    const word = lengthBytes.readUInt32BE();
    const last = word >= LAST_CHUNK;
    const length = last ? word - LAST_CHUNK : word;
    if (length > CHUNK_BYTES) throw new BackupRefused('This backup is damaged or was changed (a chunk length is wrong).');
    const body = await reader.read(length + TAG_BYTES);
    if (body.length < length + TAG_BYTES) throw new BackupRefused('This backup is cut short: its end is missing (an interrupted copy or upload?).');
    const decipher = createDecipheriv('aes-256-gcm', fileKey, nonce(counter, last));
    decipher.setAAD(header);
    decipher.setAuthTag(body.subarray(length));
    let plain: Buffer;
    try {
      plain = Buffer.concat([decipher.update(body.subarray(0, length)), decipher.final()]);
    } catch {
      throw new BackupRefused(`This backup is damaged or was changed: part ${counter + 1} does not verify. Nothing of it is trusted.`);
    }
    yield plain;
    if (last) {
      if (await reader.hasMore()) throw new BackupRefused('This backup was changed: there are bytes after its end.');
      return;
    }
  }
}
