/**
 * What a backup holds, before it is compressed and encrypted: named entries (the database's snapshot,
 * the catalogue's images), each streamed in length-prefixed pieces, so that an entry of unknown size
 * (pg_dump's output) needs no temporary file.
 *
 *   entry   1 (1 byte) | name length (u16) | name | pieces: length (u32) | bytes … | 0 (u32)
 *   end     0 (1 byte)
 */
import { ByteReader } from './byte-reader.ts';
import { BackupRefused } from './backup-cipher.ts';

export interface ArchiveEntry {
  name: string;
  data: AsyncIterable<Uint8Array>;
}

/** Where a restore puts an entry's bytes. */
export interface EntrySink {
  write(piece: Buffer): Promise<void> | void;
  end(): Promise<void> | void;
}

/** The entries a backup may hold: the database (one of two forms) and the images by their own names. */
export const DATABASE_ENTRY = { pglite: 'database.tar', postgres: 'database.pgdump' } as const;
const ENTRY_NAME = /^(database\.tar|database\.pgdump|media\/[A-Za-z0-9][A-Za-z0-9._-]{0,200})$/;
const MAX_PIECE = 0x7fff_ffff;

export async function* writeArchive(entries: AsyncIterable<ArchiveEntry> | Iterable<ArchiveEntry>): AsyncGenerator<Buffer> {
  for await (const entry of entries) {
    if (!ENTRY_NAME.test(entry.name)) throw new Error(`not an archive entry name: ${entry.name}`);
    const name = Buffer.from(entry.name, 'utf8');
    const head = Buffer.alloc(3);
    head[0] = 1;
    head.writeUInt16BE(name.length, 1);
    yield Buffer.concat([head, name]);
    for await (const piece of entry.data) {
      for (let at = 0; at < piece.byteLength; at += MAX_PIECE) {
        const part = Buffer.from(piece.buffer, piece.byteOffset + at, Math.min(MAX_PIECE, piece.byteLength - at));
        const length = Buffer.alloc(4);
        length.writeUInt32BE(part.length);
        yield length;
        yield part;
      }
    }
    yield Buffer.alloc(4);
  }
  yield Buffer.from([0]);
}

const damaged = () => new BackupRefused('This backup verifies but its contents are not a shop backup (a bug in the program that wrote it?).');

/** Reads the entries of an archive, handing each piece to the sink `onEntry` gives for its name; answers the names. */
export async function readArchive(source: AsyncIterable<Uint8Array>, onEntry: (name: string) => EntrySink | Promise<EntrySink>): Promise<string[]> {
  const reader = new ByteReader(source);
  const names: string[] = [];
  for (;;) {
    const kind = await reader.read(1);
    if (kind.length === 0) throw damaged();
    if (kind[0] === 0) break;
    if (kind[0] !== 1) throw damaged();
    const nameLength = await reader.read(2);
    if (nameLength.length < 2) throw damaged();
    const name = (await reader.read(nameLength.readUInt16BE())).toString('utf8');
    if (!ENTRY_NAME.test(name)) throw damaged();
    names.push(name);
    const sink = await onEntry(name);
    for (;;) {
      const lengthBytes = await reader.read(4);
      if (lengthBytes.length < 4) throw damaged();
      const length = lengthBytes.readUInt32BE();
      if (length === 0) break;
      const piece = await reader.read(length);
      if (piece.length < length) throw damaged();
      await sink.write(piece);
    }
    await sink.end();
  }
  if (await reader.hasMore()) throw damaged();
  return names;
}
