import { Readable, type Writable } from 'node:stream';
import { crc32 } from 'node:zlib';
import type { StoredFileReader } from '../storage/storage';

/**
 * A STORE-only ZIP writer for photo downloads: JPEGs do not compress, so every file goes into the
 * archive as it is, read once from storage and written straight to the response. A file whose CRC-32
 * was recorded when it was stored has it in its local header and is sent without being checksummed;
 * any other file is checksummed natively (`zlib.crc32`) on the way through and its CRC-32 follows
 * the data in a data descriptor (general purpose bit 3), so nothing is read twice. The next few files
 * are opened ahead (ZIP_READ_AHEAD), each holding at most one read, so reading from disk overlaps with
 * sending. Because nothing is compressed, the archive's exact size is known from the file sizes
 * before the first byte (`zipArchiveSize`), so the response can carry a Content-Length.
 *
 * Limits: one entry must be smaller than 4 GiB (a photo always is); the archive itself may exceed
 * 4 GiB or 65,535 entries, in which case the central directory switches to ZIP64 records (ZIP64
 * extra field with the local header offset, ZIP64 end of central directory record and locator), as
 * every current unzip tool reads.
 */
export interface ZipEntrySource {
  /** The name inside the archive (already safe and unique; stored as UTF-8, flag bit 11). */
  name: string;
  /** Exact size in bytes; the archive fails (and the response aborts) if the file turns out otherwise. */
  size: number;
  /**
   * The file's CRC-32 when known beforehand (recorded when it was stored): it goes in the local
   * header and the bytes are sent without being checksummed. Unknown: computed on the way through and
   * written after the data in a data descriptor.
   */
  crc32?: number | null;
  /**
   * Opens the file shortly before its turn (at most ZIP_READ_AHEAD files ahead of the one being sent).
   * Read it in large chunks (`ZIP_READ_SIZE`): every chunk is one read, one CRC call and one socket write.
   */
  open(): Promise<Readable>;
  /**
   * Optional, where the store has one (local disk): the file opened for reads into the archive's own
   * buffers. When the archive is piped straight into a writable (the HTTP response), such entries
   * are read into a few reused buffers (ZIP_BUFFER_SIZE) and each buffer is written as it is: no
   * buffer per chunk, no stream in between (see ZipStream.pipe).
   */
  openFile?(): Promise<ZipFileReader>;
}

/** A file read at positions into the archive's buffers (Storage.openFile's reader). */
export type ZipFileReader = StoredFileReader;

/**
 * The read size for ZIP entries read from streams (`open`: object storage, or an archive not piped):
 * 1 MiB instead of a file stream's default 64 KiB, so a 1–2 MB photo takes two reads rather than
 * 20–30. Measured on a 100-photo archive (bench/zip.ts): about a third less server CPU, mostly fewer
 * buffers to collect and fewer socket writes.
 */
export const ZIP_READ_SIZE = 1024 * 1024;

export interface ZipOptions {
  /** Modification time written for every entry (DOS date/time, server-local like Info-ZIP). */
  mtime: Date;
  /** Writes ZIP64 records even when nothing needs them (tests exercise that path with small files). */
  forceZip64?: boolean;
}

const LOCAL_HEADER = 30;
const DATA_DESCRIPTOR = 16;
const CENTRAL_HEADER = 46;
const END_OF_CENTRAL_DIRECTORY = 22;
const ZIP64_END_OF_CENTRAL_DIRECTORY = 56;
const ZIP64_LOCATOR = 20;
/** The ZIP64 extended information extra field carrying only the local header offset. */
const ZIP64_OFFSET_EXTRA = 4 + 8;
const MAX_32 = 0xffffffff;
const MAX_16 = 0xffff;

const UTF8_NAMES = 1 << 11;
const DESCRIPTOR_FOLLOWS = 1 << 3; // sizes and CRC in a data descriptor after the data
const VERSION_MADE_BY = (3 << 8) | 45; // Unix, spec 4.5
const VERSION_NEEDED = 20;
const VERSION_NEEDED_ZIP64 = 45;
const EXTERNAL_ATTRIBUTES = (0o100644 << 16) >>> 0; // a regular file, rw-r--r--

interface Layout {
  names: Buffer[];
  /** Entries whose CRC-32 comes after their data (not known beforehand). */
  descriptors: boolean[];
  offsets: number[];
  /** Entries whose local header offset goes in a ZIP64 extra field. */
  zip64Offsets: boolean[];
  centralOffset: number;
  centralSize: number;
  zip64: boolean;
  total: number;
}

function layout(entries: readonly ZipEntrySource[], forceZip64: boolean): Layout {
  const names = entries.map((entry) => Buffer.from(entry.name, 'utf8'));
  const descriptors = entries.map((entry) => typeof entry.crc32 !== 'number');
  const offsets: number[] = [];
  const zip64Offsets: boolean[] = [];
  let offset = 0;
  let centralSize = 0;
  let anyZip64Offset = forceZip64;
  for (const [i, entry] of entries.entries()) {
    const name = names[i]!;
    if (name.length > MAX_16) throw new Error(`ZIP entry name too long: ${entry.name.slice(0, 40)}…`);
    if (!Number.isSafeInteger(entry.size) || entry.size < 0 || entry.size >= MAX_32) {
      throw new Error(`ZIP entry ${entry.name} has an unsupported size (${entry.size}); entries must be under 4 GiB`);
    }
    offsets.push(offset);
    const zip64Offset = forceZip64 || offset >= MAX_32;
    zip64Offsets.push(zip64Offset);
    anyZip64Offset ||= zip64Offset;
    centralSize += CENTRAL_HEADER + name.length + (zip64Offset ? ZIP64_OFFSET_EXTRA : 0);
    offset += LOCAL_HEADER + name.length + entry.size + (descriptors[i] ? DATA_DESCRIPTOR : 0);
  }
  const centralOffset = offset;
  const zip64 = anyZip64Offset || entries.length >= MAX_16 || centralOffset >= MAX_32 || centralSize >= MAX_32;
  const total = centralOffset + centralSize + (zip64 ? ZIP64_END_OF_CENTRAL_DIRECTORY + ZIP64_LOCATOR : 0) + END_OF_CENTRAL_DIRECTORY;
  if (!Number.isSafeInteger(total)) throw new Error('ZIP archive too large');
  return { names, descriptors, offsets, zip64Offsets, centralOffset, centralSize, zip64, total };
}

/** The exact number of bytes `zipStream` will produce for these entries. */
export function zipArchiveSize(entries: readonly ZipEntrySource[], options: Pick<ZipOptions, 'forceZip64'> = {}): number {
  return layout(entries, options.forceZip64 === true).total;
}

/**
 * The archive as a byte stream. Backpressure is the consumer's: a file chunk is read only when the
 * previous one has been taken. Destroying the stream (a client that goes away) ends the generator,
 * which destroys the file being read, so no handle stays open; a file that is missing, shorter or
 * longer than announced destroys the stream with an error (the Content-Length would be a lie).
 */
export function zipStream(entries: readonly ZipEntrySource[], options: ZipOptions): Readable {
  return new ZipStream(entries, options);
}

/**
 * Buffers one archive reads into when it is piped straight into a writable: reused once the
 * writable has taken each one (its write callback), so memory per archive is this many buffers
 * however large it is, and no page of a fresh buffer is touched per chunk. Two: one being read
 * while the other is written (a third measured no faster).
 */
export const ZIP_WRITE_BUFFERS = 2;

/**
 * Buffers a finished archive gave back, for the next one (at most ZIP_WRITE_BUFFERS kept): fresh
 * ones per archive would wait for a garbage collection to be freed, and peak RSS crept up by their
 * size with every archive until one ran. Only the bytes just read into a buffer are ever written.
 */
const spareBuffers: Buffer[] = [];

/**
 * The size of those buffers: 2 MiB, so a High Resolution photo (1–2 MB) and its local header are one
 * read and one write. Each read is a round trip to the thread pool (a pool thread woken, then the
 * event loop), which on this 2-core VM costs about what copying half a megabyte does: with 1 MiB
 * reads (two per photo) the archive sent ~15 % less (bench/zip.ts, 400 photos), and with 512 or
 * 256 KiB reads, though still in the 2 MB L2 cache when written, less again.
 */
export const ZIP_BUFFER_SIZE = 2 * 1024 * 1024;

const NOTHING = Buffer.alloc(0);

/**
 * The archive as a Readable with two ways out. Read as any stream (`for await`, 'data'): chunks come
 * from the entries' streams, one fresh buffer each. Piped into a writable (`pipe`, as Fastify sends a
 * stream body): the archive writes into the destination itself; entries with `openFile` are read
 * into ZIP_WRITE_BUFFERS reused buffers and each is written as read (one copy in, one write out),
 * the next read started before the last one is written, so a pool thread reads while the event
 * loop writes; the rest from their streams. Either way, destroying the stream (the client went
 * away) stops it and closes every file it opened; a failure destroys it with the error.
 */
class ZipStream extends Readable {
  private readonly plan: Layout;
  private readonly time: number;
  private readonly date: number;
  private chunks: AsyncGenerator<Buffer> | null = null;
  private piped = false;
  /** Woken when the stream is destroyed, so a wait for a buffer ends. */
  private wake: (() => void) | null = null;

  constructor(
    private readonly entries: readonly ZipEntrySource[],
    options: ZipOptions,
  ) {
    super({ highWaterMark: 1024 * 1024 });
    this.plan = layout(entries, options.forceZip64 === true);
    ({ time: this.time, date: this.date } = dosDateTime(options.mtime));
  }

  override _read(): void {
    if (this.piped) return;
    this.chunks ??= generate(this.entries, this.plan, this.time, this.date);
    this.chunks.next().then(
      ({ value, done }) => {
        if (done) this.push(null);
        else this.push(value);
      },
      (error: Error) => this.destroy(error),
    );
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    const chunks = this.chunks;
    this.wake?.();
    if (chunks) void chunks.return(undefined).catch(() => {});
    callback(error);
  }

  override pipe<T extends NodeJS.WritableStream>(destination: T, options?: { end?: boolean }): T {
    if (this.chunks !== null || this.piped) return super.pipe(destination, options);
    this.piped = true;
    this.writeInto(destination as unknown as Writable, options?.end !== false).then(
      () => {
        if (this.destroyed) return;
        this.push(null);
        this.resume(); // nothing is buffered: 'end' follows at once
      },
      (error: Error) => this.destroy(error),
    );
    return destination;
  }

  private async writeInto(out: Writable, end: boolean): Promise<void> {
    const { entries, plan, time, date } = this;
    const free: Buffer[] = [];
    let allocated = 0;
    let failure: Error | null = null;
    /** A buffer the destination no longer holds (waits for one while all are being written). */
    const takeBuffer = async (): Promise<Buffer> => {
      for (;;) {
        if (this.destroyed) throw new Error('ZIP stream destroyed');
        if (failure) throw failure;
        const buffer = free.pop();
        if (buffer) return buffer;
        if (allocated < ZIP_WRITE_BUFFERS) {
          allocated += 1;
          return spareBuffers.pop() ?? Buffer.allocUnsafeSlow(ZIP_BUFFER_SIZE);
        }
        await new Promise<void>((resolve) => (this.wake = resolve));
      }
    };
    let finished = false;
    const spare = (buffer: Buffer) => {
      if (spareBuffers.length < ZIP_WRITE_BUFFERS) spareBuffers.push(buffer);
    };
    const giveBack = (buffer: Buffer) => (error?: Error | null) => {
      if (error) failure ??= error;
      if (finished) return spare(buffer);
      free.push(buffer);
      const wake = this.wake;
      this.wake = null;
      wake?.();
    };
    /** A buffer read and not yet written: it goes out once the next read has started. */
    let pending: { buffer: Buffer; length: number } | null = null;
    const flush = () => {
      if (!pending) return;
      const { buffer, length } = pending;
      pending = null;
      out.write(length === buffer.length ? buffer : buffer.subarray(0, length), giveBack(buffer));
    };
    /** Writes a chunk the destination may keep (fresh, never reused); waits when it asks to. */
    const writeOwned = async (chunk: Buffer): Promise<void> => {
      if (out.write(chunk)) return;
      await new Promise<void>((resolve) => {
        const done = () => {
          out.off('drain', done);
          out.off('close', done);
          resolve();
        };
        out.on('drain', done);
        out.on('close', done);
      });
    };

    const opened = new Map<number, Promise<ZipFileReader | Readable>>();
    const openAhead = (upTo: number, from: number) => {
      for (let j = from; j <= Math.min(upTo, entries.length - 1); j++) {
        if (opened.has(j)) continue;
        const entry = entries[j]!;
        const opening: Promise<ZipFileReader | Readable> = entry.openFile ? entry.openFile() : entry.open();
        opening.catch(() => {}); // a failure surfaces when the entry's turn comes
        opened.set(j, opening);
      }
    };
    const crcs: number[] = [];
    let descriptor: Buffer | null = null;
    try {
      for (const [i, entry] of entries.entries()) {
        const known = plan.descriptors[i] ? null : (entry.crc32 as number) >>> 0;
        const header = localHeader(plan, i, entry, time, date);
        openAhead(i + ZIP_READ_AHEAD, i);
        // The previous entry's data descriptor and this entry's local header, sent in front of its first bytes.
        let prefix = descriptor ? Buffer.concat([descriptor, header]) : header;
        descriptor = null;

        const file = await opened.get(i)!;
        opened.delete(i);
        let crc = 0;
        let written = 0;
        if (file instanceof Readable) {
          flush();
          try {
            await writeOwned(prefix);
            for await (const chunk of file as AsyncIterable<Buffer>) {
              if (this.destroyed) throw new Error('ZIP stream destroyed');
              written += chunk.length;
              if (written > entry.size) throw new Error(`ZIP entry ${entry.name} is longer than ${entry.size} bytes`);
              if (known === null) crc = crc32(chunk, crc);
              await writeOwned(chunk);
            }
          } finally {
            file.destroy();
          }
        } else {
          try {
            // The prefix goes into the first buffer, read in behind it: one write per buffer, and the
            // next file's first read does not wait for the socket to drain the previous file (a
            // separate header write would, since the socket always holds more than its high-water mark).
            // The last read asks for one byte more than is left: a longer file fills it, and a read
            // that returns fewer bytes than asked has met the end of the file (no stat needed).
            for (let ended = false; !ended; ) {
              if (free.length === 0 && allocated === ZIP_WRITE_BUFFERS) flush();
              const buffer = await takeBuffer();
              prefix.copy(buffer, 0);
              const left = entry.size - written;
              const asked = Math.min(buffer.length - prefix.length, left + 1);
              const reading = file.read(prefix.length ? buffer.subarray(prefix.length) : buffer, asked, written);
              flush();
              const read = await reading;
              if (read > left) throw new Error(`ZIP entry ${entry.name} is longer than ${entry.size} bytes`);
              if (read < asked && read < left) throw new Error(`ZIP entry ${entry.name} has ${written + read} bytes, not ${entry.size}`);
              if (known === null) crc = crc32(buffer.subarray(prefix.length, prefix.length + read), crc);
              written += read;
              ended = read < asked;
              if (prefix.length + read > 0) pending = { buffer, length: prefix.length + read };
              else free.push(buffer);
              prefix = NOTHING;
            }
          } finally {
            // Not awaited: closing a file read to its end need not hold up the next one.
            file.close().catch(() => {});
          }
        }
        if (written !== entry.size) throw new Error(`ZIP entry ${entry.name} has ${written} bytes, not ${entry.size}`);
        crcs.push(known ?? crc >>> 0);
        if (known === null) descriptor = dataDescriptor(crc, entry.size);
      }
      flush();
      if (this.destroyed) throw new Error('ZIP stream destroyed');
      const central = centralDirectory(entries, plan, crcs, time, date);
      await writeOwned(descriptor ? Buffer.concat([descriptor, central]) : central);
      if (failure) throw failure;
      if (end) out.end();
    } finally {
      finished = true;
      free.splice(0).forEach(spare);
      // Stopped or failed: close whatever was opened ahead.
      for (const opening of opened.values()) {
        opening
          .then(
            (file) => (file instanceof Readable ? void file.destroy() : file.close()),
            () => {},
          )
          .catch(() => {});
      }
    }
  }
}

/**
 * How many files after the one being sent are opened and start reading (each buffers at most one
 * read, ZIP_READ_SIZE): from disk the next files' first reads overlap with sending, instead of the
 * archive waiting for each file in turn. Memory: at most this many reads more.
 */
export const ZIP_READ_AHEAD = 3;

async function* generate(entries: readonly ZipEntrySource[], plan: Layout, time: number, date: number): AsyncGenerator<Buffer> {
  const crcs: number[] = [];
  // Files opened ahead, by entry index; each is taken (and removed) when its turn comes.
  const ahead = new Map<number, Promise<Readable>>();
  const openAhead = (upTo: number) => {
    for (let j = crcs.length; j <= Math.min(upTo, entries.length - 1); j++) {
      if (ahead.has(j)) continue;
      const opening = entries[j]!.open().then((stream) => {
        stream.read(0); // start filling its buffer (one read) now
        return stream;
      });
      opening.catch(() => {}); // a failure surfaces when the entry's turn comes
      ahead.set(j, opening);
    }
  };
  // The previous entry's data descriptor waits for the next local header (or the central directory)
  // so the two small records go out as one write instead of two.
  let descriptor: Buffer | null = null;
  try {
    for (const [i, entry] of entries.entries()) {
      const known = plan.descriptors[i] ? null : (entry.crc32 as number) >>> 0;
      const header = localHeader(plan, i, entry, time, date);

      openAhead(i + ZIP_READ_AHEAD);
      yield descriptor ? Buffer.concat([descriptor, header]) : header;
      descriptor = null;

      const file = await ahead.get(i)!;
      ahead.delete(i);
      let crc = 0;
      let written = 0;
      try {
        for await (const chunk of file as AsyncIterable<Buffer>) {
          written += chunk.length;
          if (written > entry.size) throw new Error(`ZIP entry ${entry.name} is longer than ${entry.size} bytes`);
          if (known === null) crc = crc32(chunk, crc);
          yield chunk;
        }
      } finally {
        file.destroy();
      }
      if (written !== entry.size) throw new Error(`ZIP entry ${entry.name} has ${written} bytes, not ${entry.size}`);
      crcs.push(known ?? crc >>> 0);

      if (known === null) descriptor = dataDescriptor(crc, entry.size);
    }
  } finally {
    // Aborted (client gone, or a file failed): close whatever was opened ahead.
    for (const opening of ahead.values()) opening.then((stream) => stream.destroy(), () => {});
  }
  const central = centralDirectory(entries, plan, crcs, time, date);
  yield descriptor ? Buffer.concat([descriptor, central]) : central;
}

/** An entry's local file header (with its CRC-32 and sizes when known beforehand). */
function localHeader(plan: Layout, i: number, entry: ZipEntrySource, time: number, date: number): Buffer {
  const name = plan.names[i]!;
  const header = Buffer.alloc(LOCAL_HEADER + name.length);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(VERSION_NEEDED, 4);
  header.writeUInt16LE(flagsOf(plan, i), 6);
  header.writeUInt16LE(0, 8); // STORE
  header.writeUInt16LE(time, 10);
  header.writeUInt16LE(date, 12);
  if (!plan.descriptors[i]) {
    header.writeUInt32LE((entry.crc32 as number) >>> 0, 14);
    header.writeUInt32LE(entry.size, 18);
    header.writeUInt32LE(entry.size, 22);
  } // else CRC-32 and sizes stay 0 here: bit 3 puts them in the data descriptor (and the central directory).
  header.writeUInt16LE(name.length, 26);
  header.writeUInt16LE(0, 28);
  name.copy(header, LOCAL_HEADER);
  return header;
}

function dataDescriptor(crc: number, size: number): Buffer {
  const descriptor = Buffer.alloc(DATA_DESCRIPTOR);
  descriptor.writeUInt32LE(0x08074b50, 0);
  descriptor.writeUInt32LE(crc >>> 0, 4);
  descriptor.writeUInt32LE(size, 8);
  descriptor.writeUInt32LE(size, 12);
  return descriptor;
}

function centralDirectory(entries: readonly ZipEntrySource[], plan: Layout, crcs: number[], time: number, date: number): Buffer {
  const tail = (plan.zip64 ? ZIP64_END_OF_CENTRAL_DIRECTORY + ZIP64_LOCATOR : 0) + END_OF_CENTRAL_DIRECTORY;
  const out = Buffer.alloc(plan.centralSize + tail);
  let at = 0;
  for (const [i, entry] of entries.entries()) {
    const name = plan.names[i]!;
    const offset = plan.offsets[i]!;
    const zip64Offset = plan.zip64Offsets[i]!;
    out.writeUInt32LE(0x02014b50, at);
    out.writeUInt16LE(VERSION_MADE_BY, at + 4);
    out.writeUInt16LE(zip64Offset ? VERSION_NEEDED_ZIP64 : VERSION_NEEDED, at + 6);
    out.writeUInt16LE(flagsOf(plan, i), at + 8);
    out.writeUInt16LE(0, at + 10);
    out.writeUInt16LE(time, at + 12);
    out.writeUInt16LE(date, at + 14);
    out.writeUInt32LE(crcs[i]! >>> 0, at + 16);
    out.writeUInt32LE(entry.size, at + 20);
    out.writeUInt32LE(entry.size, at + 24);
    out.writeUInt16LE(name.length, at + 28);
    out.writeUInt16LE(zip64Offset ? ZIP64_OFFSET_EXTRA : 0, at + 30);
    // comment length, disk number start, internal attributes: 0
    out.writeUInt32LE(EXTERNAL_ATTRIBUTES, at + 38);
    out.writeUInt32LE(zip64Offset ? MAX_32 : offset, at + 42);
    name.copy(out, at + CENTRAL_HEADER);
    at += CENTRAL_HEADER + name.length;
    if (zip64Offset) {
      out.writeUInt16LE(0x0001, at);
      out.writeUInt16LE(8, at + 2);
      out.writeBigUInt64LE(BigInt(offset), at + 4);
      at += ZIP64_OFFSET_EXTRA;
    }
  }
  const count = entries.length;
  if (plan.zip64) {
    const record = plan.centralOffset + plan.centralSize;
    out.writeUInt32LE(0x06064b50, at);
    out.writeBigUInt64LE(BigInt(ZIP64_END_OF_CENTRAL_DIRECTORY - 12), at + 4);
    out.writeUInt16LE(VERSION_MADE_BY, at + 12);
    out.writeUInt16LE(VERSION_NEEDED_ZIP64, at + 14);
    // number of this disk, disk with the central directory: 0
    out.writeBigUInt64LE(BigInt(count), at + 24);
    out.writeBigUInt64LE(BigInt(count), at + 32);
    out.writeBigUInt64LE(BigInt(plan.centralSize), at + 40);
    out.writeBigUInt64LE(BigInt(plan.centralOffset), at + 48);
    at += ZIP64_END_OF_CENTRAL_DIRECTORY;
    out.writeUInt32LE(0x07064b50, at);
    // disk with the ZIP64 end record: 0
    out.writeBigUInt64LE(BigInt(record), at + 8);
    out.writeUInt32LE(1, at + 16); // total number of disks
    at += ZIP64_LOCATOR;
  }
  out.writeUInt32LE(0x06054b50, at);
  // number of this disk, disk with the central directory: 0
  out.writeUInt16LE(plan.zip64 ? MAX_16 : count, at + 8);
  out.writeUInt16LE(plan.zip64 ? MAX_16 : count, at + 10);
  out.writeUInt32LE(plan.zip64 ? MAX_32 : plan.centralSize, at + 12);
  out.writeUInt32LE(plan.zip64 ? MAX_32 : plan.centralOffset, at + 16);
  // comment length: 0
  return out;
}

function flagsOf(plan: Layout, entry: number): number {
  return plan.descriptors[entry] ? UTF8_NAMES | DESCRIPTOR_FOLLOWS : UTF8_NAMES;
}

/** DOS time and date fields (2-second resolution, 1980–2107), clamped to that range. */
function dosDateTime(when: Date): { time: number; date: number } {
  const year = Math.min(2107, Math.max(1980, when.getFullYear()));
  const clampedLow = when.getFullYear() < 1980;
  const clampedHigh = when.getFullYear() > 2107;
  const month = clampedLow ? 1 : clampedHigh ? 12 : when.getMonth() + 1;
  const day = clampedLow ? 1 : clampedHigh ? 31 : when.getDate();
  const [hours, minutes, seconds] = clampedLow ? [0, 0, 0] : clampedHigh ? [23, 59, 58] : [when.getHours(), when.getMinutes(), when.getSeconds()];
  return { time: (hours << 11) | (minutes << 5) | (seconds >> 1), date: ((year - 1980) << 9) | (month << 5) | day };
}
