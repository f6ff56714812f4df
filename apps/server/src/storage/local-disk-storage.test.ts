import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalDiskStorage } from './local-disk-storage';
import { isValidStorageKey, newMediaKey } from './storage';

let root: string;
let storage: LocalDiskStorage;
beforeAll(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'sg-storage-'));
  storage = new LocalDiskStorage(root);
});
afterAll(async () => {
  await fs.rm(root, { recursive: true, force: true });
});

describe('storage keys', () => {
  it('accept relative paths of safe segments only', () => {
    expect(isValidStorageKey('avatars/0a1b.webp')).toBe(true);
    expect(isValidStorageKey(newMediaKey('branding', 'svg'))).toBe(true);
    for (const bad of ['', '/etc/passwd', '../secret', 'a/../b', 'a//b', 'a\\b', '.hidden', 'a/..', 'x/y%2F..']) {
      expect(isValidStorageKey(bad), bad).toBe(false);
    }
  });
});

describe('LocalDiskStorage', () => {
  it('stores buffers and streams, reads them back, and deletes them', async () => {
    await storage.put('a/one.txt', Buffer.from('one'));
    await storage.put('a/two.txt', Readable.from(['tw', 'o']));
    const stored = await storage.getStream('a/two.txt');
    expect(stored?.size).toBe(3);
    expect(await text(stored!.stream)).toBe('two');
    expect(await storage.exists('a/one.txt')).toBe(true);
    expect(await storage.size('a/one.txt')).toBe(3);
    expect(await storage.size('a/missing.txt')).toBeNull();
    expect(await storage.size('a')).toBeNull();

    await storage.delete('a/one.txt');
    await storage.delete('a/one.txt');
    expect(await storage.exists('a/one.txt')).toBe(false);
    expect(await storage.getStream('a/one.txt')).toBeNull();
    expect(await storage.getStream('a')).toBeNull();
  });

  it('removes a folder with its last file, and nothing above it', async () => {
    await storage.put('photos/f1/x.jpg', Buffer.from('x'));
    await storage.put('photos/f1/y.jpg', Buffer.from('y'));
    await storage.put('photos/f2/z.jpg', Buffer.from('z'));
    await storage.put('top.txt', Buffer.from('t'));
    await storage.delete('photos/f1/x.jpg');
    expect(await fs.readdir(path.join(root, 'photos'))).toEqual(['f1', 'f2']);
    await storage.delete('photos/f1/y.jpg');
    expect(await fs.readdir(path.join(root, 'photos'))).toEqual(['f2']);
    await storage.delete('photos/f2/z.jpg');
    expect(await fs.readdir(path.join(root, 'photos'))).toEqual([]);
    await storage.delete('top.txt');
    expect((await fs.stat(root)).isDirectory()).toBe(true);
    await storage.delete('photos/gone/missing.jpg');
  });

  it('reads in chunks of the size asked for', async () => {
    const data = Buffer.alloc(300 * 1024, 7);
    await storage.put('c/big.bin', data);
    const chunkSizes = async (options?: { highWaterMark: number }) => {
      const sizes: number[] = [];
      for await (const chunk of (await storage.getStream('c/big.bin', options))!.stream as AsyncIterable<Buffer>) sizes.push(chunk.length);
      return sizes;
    };
    expect(await chunkSizes()).toEqual([65536, 65536, 65536, 65536, 45056]);
    expect(await chunkSizes({ highWaterMark: 1024 * 1024 })).toEqual([300 * 1024]);
  });

  it('leaves no partial file when a stream fails', async () => {
    const failing = new Readable({
      read() {
        this.destroy(new Error('connection lost'));
      },
    });
    await expect(storage.put('b/broken.bin', failing)).rejects.toThrow('connection lost');
    expect(await fs.readdir(path.join(root, 'b'))).toEqual([]);
  });

  it('refuses keys that would leave its folder', async () => {
    await expect(storage.put('../escape.txt', Buffer.from('x'))).rejects.toThrow(/Invalid storage key/);
  });
});
