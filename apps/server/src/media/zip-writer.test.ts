import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable, Writable } from 'node:stream';
import { crc32 } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { LocalDiskStorage } from '../storage/local-disk-storage';
import { ZIP_BUFFER_SIZE, ZIP_READ_AHEAD, ZIP_READ_SIZE, type ZipEntrySource, zipArchiveSize, zipStream } from './zip-writer';

const hasUnzip = spawnSync('unzip', ['-v'], { stdio: 'ignore' }).status === 0;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'zip-writer-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

const mtime = new Date(2026, 10, 22, 7, 30, 14);

/** A file read in 64 KB chunks from disk, like LocalDiskStorage's streams. */
function diskEntry(name: string, data: Buffer, opened?: Readable[]): ZipEntrySource {
  const file = path.join(tmp, `src-${randomBytes(6).toString('hex')}`);
  fs.writeFileSync(file, data);
  return {
    name,
    size: data.length,
    open: async () => {
      const stream = fs.createReadStream(file);
      opened?.push(stream);
      return stream;
    },
  };
}

/** A file on local disk as downloads.service.ts gives it: a stream, and a reader into the archive's buffers (openFile). */
const disk = new LocalDiskStorage(tmp);
function fileEntry(name: string, data: Buffer, state?: { open: number; closed: number }): ZipEntrySource {
  const key = `fd-${randomBytes(6).toString('hex')}`;
  fs.writeFileSync(path.join(tmp, key), data);
  return {
    name,
    size: data.length,
    open: () => Promise.reject(new Error('the pipe path reads with openFile')),
    openFile: async () => {
      const file = (await disk.openFile(key))!;
      if (state) state.open += 1;
      return { ...file, close: () => (state && (state.closed += 1), file.close()) };
    },
  };
}

/** What `pipe` (as Fastify sends a stream body) writes into a destination that takes its time. */
function pipeInto(stream: Readable, { stopAfter }: { stopAfter?: number } = {}): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let received = 0;
  return new Promise((resolve, reject) => {
    const destination = new Writable({
      highWaterMark: 64 * 1024,
      write(chunk: Buffer, _encoding, callback) {
        // A copy: the archive reuses its buffers once this callback has run.
        chunks.push(Buffer.from(chunk));
        received += chunk.length;
        if (stopAfter !== undefined && received > stopAfter) stream.destroy();
        setImmediate(callback);
      },
    });
    destination.on('finish', () => resolve(Buffer.concat(chunks)));
    stream.on('error', reject);
    stream.on('close', () => setTimeout(() => resolve(Buffer.concat(chunks)), 50));
    stream.pipe(destination);
  });
}

async function collect(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * An independent minimal reader: end of central directory (ZIP64 when present) → central directory
 * → each local header → the stored bytes, whose CRC-32 must match the central directory's.
 */
function readArchive(zip: Buffer): { zip64: boolean; files: Map<string, Buffer>; descriptors: string[] } {
  let eocd = zip.length - 22;
  expect(zip.readUInt32LE(eocd)).toBe(0x06054b50);
  let count = zip.readUInt16LE(eocd + 10);
  let cdOffset = zip.readUInt32LE(eocd + 16);
  const zip64 = zip.readUInt32LE(eocd - 20) === 0x07064b50;
  if (zip64) {
    const record = Number(zip.readBigUInt64LE(eocd - 20 + 8));
    expect(zip.readUInt32LE(record)).toBe(0x06064b50);
    count = Number(zip.readBigUInt64LE(record + 32));
    cdOffset = Number(zip.readBigUInt64LE(record + 48));
    eocd = record;
  }
  const files = new Map<string, Buffer>();
  const descriptors: string[] = [];
  let at = cdOffset;
  for (let i = 0; i < count; i++) {
    expect(zip.readUInt32LE(at)).toBe(0x02014b50);
    expect(zip.readUInt16LE(at + 10)).toBe(0); // STORE
    const crc = zip.readUInt32LE(at + 16);
    const size = zip.readUInt32LE(at + 24);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    let offset = zip.readUInt32LE(at + 42);
    if (offset === 0xffffffff) {
      expect(zip.readUInt16LE(at + 46 + nameLength)).toBe(0x0001);
      offset = Number(zip.readBigUInt64LE(at + 46 + nameLength + 4));
    }
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    const flags = zip.readUInt16LE(at + 8);
    expect(zip.readUInt32LE(offset)).toBe(0x04034b50);
    expect(zip.readUInt16LE(offset + 6)).toBe(flags);
    const start = offset + 30 + zip.readUInt16LE(offset + 26) + zip.readUInt16LE(offset + 28);
    const data = zip.subarray(start, start + size);
    expect(crc32(data) >>> 0).toBe(crc);
    if (flags & (1 << 3)) {
      // Checksummed on the way: CRC and sizes in a data descriptor after the data, zeros in the header.
      expect(zip.readUInt32LE(offset + 14)).toBe(0);
      expect(zip.readUInt32LE(start + size)).toBe(0x08074b50);
      expect(zip.readUInt32LE(start + size + 4)).toBe(crc);
      descriptors.push(name);
    } else {
      // Known beforehand: in the local header, no descriptor.
      expect([zip.readUInt32LE(offset + 14), zip.readUInt32LE(offset + 18), zip.readUInt32LE(offset + 22)]).toEqual([crc, size, size]);
    }
    files.set(name, data);
    at += 46 + nameLength + extraLength;
  }
  expect(at).toBe(eocd);
  return { zip64, files, descriptors };
}

function unzipCheck(zip: Buffer): { tested: string; names: string[] } {
  const file = path.join(tmp, `${randomBytes(6).toString('hex')}.zip`);
  fs.writeFileSync(file, zip);
  const tested = execFileSync('unzip', ['-t', file], { encoding: 'utf8' });
  const names = execFileSync('unzip', ['-Z1', file], { encoding: 'utf8' }).trim().split('\n');
  return { tested, names };
}

describe('zipStream', () => {
  const contents: [string, Buffer][] = [
    ['Jane 01_hr.jpg', randomBytes(300_000)],
    ['empty_hr.jpg', Buffer.alloc(0)],
    ['Zoë (2)_retouched_hr.jpg', randomBytes(70_000)],
  ];

  // Checksums: none known (all computed on the way), or the first and last recorded beforehand.
  for (const [forceZip64, known] of [
    [false, false],
    [true, false],
    [false, true],
    [true, true],
  ] as const) {
    const title = `writes exactly the announced bytes and an archive standard readers accept${forceZip64 ? ' (ZIP64 records)' : ''}${known ? ', some checksums known beforehand' : ''}`;
    it(title, async () => {
      const entries = contents.map(([name, data], i) => ({ ...diskEntry(name, data), crc32: known && i !== 1 ? crc32(data) : null }));
      const zip = await collect(zipStream(entries, { mtime, forceZip64 }));
      expect(zip.length).toBe(zipArchiveSize(entries, { forceZip64 }));

      const read = readArchive(zip);
      expect(read.zip64).toBe(forceZip64);
      expect([...read.files.keys()]).toEqual(contents.map(([name]) => name));
      for (const [name, data] of contents) expect(read.files.get(name)!.equals(data)).toBe(true);
      expect(read.descriptors).toEqual(known ? ['empty_hr.jpg'] : contents.map(([name]) => name));

      if (hasUnzip) {
        const { tested, names } = unzipCheck(zip);
        expect(tested).toContain('No errors detected');
        expect(names).toEqual(contents.map(([name]) => name));
      }
    });
  }

  it(`opens at most ${ZIP_READ_AHEAD} files ahead and closes every file when the reader goes away mid-archive`, async () => {
    const opened: Readable[] = [];
    const entries = [0, 1, 2, 3, 4, 5, 6, 7].map((i) => diskEntry(`${i}.jpg`, randomBytes(512 * 1024), opened));
    const stream = zipStream(entries, { mtime });
    let received = 0;
    await new Promise<void>((resolve) => {
      stream.on('data', (chunk: Buffer) => {
        received += chunk.length;
        if (received > 600 * 1024) stream.destroy();
      });
      stream.once('close', () => resolve());
    });
    // Wait for the generator's finally block (it runs on the next turn after the destroy).
    await new Promise((r) => setTimeout(r, 50));
    // In the second file: that one, the first, and ZIP_READ_AHEAD after the second.
    expect(opened.length).toBe(2 + ZIP_READ_AHEAD);
    expect(opened.every((file) => file.destroyed)).toBe(true);
  });

  it('fails the stream when a file cannot be opened, at its turn, closing the files opened ahead', async () => {
    const opened: Readable[] = [];
    const entries = [0, 1, 2, 3, 4].map((i) => diskEntry(`${i}.jpg`, randomBytes(1000), opened));
    entries[2] = { ...entries[2]!, open: () => Promise.reject(new Error('missing photos/x/hr.jpg')) };
    const chunks: Buffer[] = [];
    const stream = zipStream(entries, { mtime });
    await expect(
      (async () => {
        for await (const chunk of stream) chunks.push(chunk as Buffer);
      })(),
    ).rejects.toThrow('missing photos/x/hr.jpg');
    await new Promise((r) => setTimeout(r, 50));
    expect(Buffer.concat(chunks).length).toBeGreaterThan(2000); // the first two files went out
    expect(opened.length).toBe(4);
    expect(opened.every((file) => file.destroyed)).toBe(true);
  });

  it('fails the stream when a file is not the announced size', async () => {
    const entry = diskEntry('short.jpg', randomBytes(1000));
    const lying = { ...entry, size: 2000 };
    await expect(collect(zipStream([lying], { mtime }))).rejects.toThrow(/1000 bytes, not 2000/);
    const long = { ...entry, size: 10 };
    await expect(collect(zipStream([long], { mtime }))).rejects.toThrow(/longer than 10 bytes/);
  });

  it('piped into a writable: files read into reused buffers make the same archive, checksums known or computed', async () => {
    const files: [string, Buffer][] = [
      // Fills its first buffer exactly behind its 30-byte header and name: its end is found by one more read.
      ['fills_hr.jpg', randomBytes(ZIP_BUFFER_SIZE - 30 - 'fills_hr.jpg'.length)],
      ['big_hr.jpg', randomBytes(ZIP_BUFFER_SIZE * 2 + 12_345)],
      ...contents,
      ['exact_hr.jpg', randomBytes(ZIP_BUFFER_SIZE)],
    ];
    for (const known of [false, true]) {
      const entries = files.map(([name, data], i) => ({ ...fileEntry(name, data), crc32: known && i % 2 === 0 ? crc32(data) : null }));
      const zip = await pipeInto(zipStream(entries, { mtime }));
      expect(zip.length).toBe(zipArchiveSize(entries));
      const read = readArchive(zip);
      for (const [name, data] of files) expect(read.files.get(name)!.equals(data)).toBe(true);
      if (hasUnzip) expect(unzipCheck(zip).tested).toContain('No errors detected');
    }
  });

  it('piped: each entry goes out as one write per read, its local header (and the previous data descriptor) in front of its first bytes', async () => {
    const files = [0, 1, 2, 3, 4].map((i) => [`${i}_hr.jpg`, randomBytes(100_000 + i)] as const);
    const entries = files.map(([name, data], i) => ({ ...fileEntry(name, data), crc32: i % 2 === 0 ? crc32(data) : null }));
    const writes: number[] = [];
    const chunks: Buffer[] = [];
    const destination = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        writes.push(chunk.length);
        chunks.push(Buffer.from(chunk));
        setImmediate(callback);
      },
    });
    await new Promise((resolve, reject) => {
      destination.on('finish', resolve);
      destination.on('error', reject);
      zipStream(entries, { mtime }).pipe(destination);
    });
    // five files of one read each, then the last data descriptor with the central directory
    expect(writes).toHaveLength(files.length + 1);
    const read = readArchive(Buffer.concat(chunks));
    for (const [name, data] of files) expect(read.files.get(name)!.equals(data)).toBe(true);
    expect(read.descriptors).toEqual(['1_hr.jpg', '3_hr.jpg']);
  });

  it('piped: closes every file it opened when destroyed mid-archive, and fails on a file of another size', async () => {
    const state = { open: 0, closed: 0 };
    const entries = [0, 1, 2, 3, 4, 5, 6, 7].map((i) => fileEntry(`${i}.jpg`, randomBytes(ZIP_READ_SIZE + 1000), state));
    const partial = await pipeInto(zipStream(entries, { mtime }), { stopAfter: 2 * ZIP_READ_SIZE });
    expect(partial.length).toBeLessThan(zipArchiveSize(entries));
    await new Promise((r) => setTimeout(r, 100));
    expect(state.open).toBeGreaterThan(0);
    expect(state.closed).toBe(state.open);

    const lying = { ...fileEntry('short.jpg', randomBytes(1000)), size: 2000 };
    await expect(pipeInto(zipStream([lying], { mtime }))).rejects.toThrow(/1000 bytes, not 2000/);
    const long = { ...fileEntry('long.jpg', randomBytes(1000)), size: 10 };
    await expect(pipeInto(zipStream([long], { mtime }))).rejects.toThrow(/longer than 10 bytes/);
    const gone = { ...fileEntry('gone.jpg', Buffer.alloc(0)), size: 10 };
    await expect(pipeInto(zipStream([gone], { mtime }))).rejects.toThrow(/0 bytes, not 10/);
  });

  it('computes the size of an archive beyond 4 GiB with ZIP64 records, and refuses entries of 4 GiB', () => {
    const big = (name: string): ZipEntrySource => ({ name, size: 3 * 1024 ** 3, open: () => Promise.resolve(Readable.from([])) });
    const small = [big('a.jpg')];
    expect(zipArchiveSize(small)).toBe(30 + 5 + 3 * 1024 ** 3 + 16 + 46 + 5 + 22);
    // the third entry's local header starts above 4 GiB − 1: only its offset needs the ZIP64 extra field
    const two = [big('a.jpg'), big('b.jpg'), big('c.jpg')];
    const local = 30 + 5 + 3 * 1024 ** 3 + 16;
    expect(zipArchiveSize(two)).toBe(3 * local + 46 * 3 + 15 + 12 + 56 + 20 + 22);
    expect(() => zipArchiveSize([{ ...big('x.jpg'), size: 0xffffffff }])).toThrow(/under 4 GiB/);
  });
});
