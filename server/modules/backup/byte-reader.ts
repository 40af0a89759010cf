/** Exact byte counts read off a stream of pieces (the backup file's and the archive's framing). */
export class ByteReader {
  private buffered: Buffer[] = [];
  private bytes = 0;
  private done = false;
  private readonly iterator: AsyncIterator<Uint8Array>;

  constructor(source: AsyncIterable<Uint8Array>) {
    this.iterator = source[Symbol.asyncIterator]();
  }

  /** Exactly `count` bytes, or fewer only at the end of the stream. */
  async read(count: number): Promise<Buffer> {
    while (this.bytes < count && !this.done) {
      const next = await this.iterator.next();
      if (next.done) this.done = true;
      else {
        this.buffered.push(Buffer.from(next.value.buffer, next.value.byteOffset, next.value.byteLength));
        this.bytes += next.value.byteLength;
      }
    }
    const first = this.buffered[0];
    if (first && first.length >= count) {
      // The common case: no copy of what stays buffered.
      const taken = first.subarray(0, count);
      this.buffered[0] = first.subarray(count);
      this.bytes -= count;
      return taken;
    }
    const all = Buffer.concat(this.buffered);
    const taken = all.subarray(0, count);
    this.buffered = [all.subarray(taken.length)];
    this.bytes = all.length - taken.length;
    return taken;
  }

  async hasMore(): Promise<boolean> {
    const byte = await this.read(1);
    if (byte.length === 0) return false;
    this.buffered.unshift(byte);
    this.bytes += 1;
    return true;
  }
}
