import path from 'node:path';
import { type Rect, cutOutPerson } from '@studio-gallery/contract/cutout';
import { discMask as fakeMask, discPhoto as photo } from '@studio-gallery/contract/cutout-testing';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { MattingThread } from './matting-thread';
import { SegmentationPool } from './segmentation-pool';

// Issue 22 §4: the server's cutOutPerson runs in a thread of its own that never loads tfjs (in the
// models' thread the same call cost ~120 ms more: docs/benchmarks.md "Background removal on the server").

const root = path.resolve(import.meta.dirname, '../../../../..');


describe('MattingThread', () => {
  const matting = new MattingThread();
  afterAll(() => matting.close());

  it('cuts out as cutOutPerson does here, byte for byte, with the crops the model passes need, and without tfjs', async () => {
    const width = 360;
    const height = 480;
    const rgb = photo(width, height);
    const face: Rect = { x: 140, y: 150, width: 80, height: 90 };
    const local = await cutOutPerson({ data: new Uint8Array(rgb), width, height }, { face, segment: async (rect) => fakeMask(width, height, rect), clearTransparent: true });

    const asked: { rect: Rect; crop: Uint8Array | null }[] = [];
    const result = await matting.cutOut({ rgb, width, height }, face, async (rect, crop) => {
      asked.push({ rect, crop });
      return fakeMask(width, height, rect);
    });
    expect(local.passes).toBe(2);
    expect(result.passes).toBe(local.passes);
    expect(result.width).toBe(width);
    expect(Buffer.from(result.rgba).equals(Buffer.from(local.rgba))).toBe(true);
    expect(result.thread.tfjsLoaded).toBe(false);
    // The photo is copied for the thread: the caller's pixels stay usable.
    expect(rgb.length).toBe(width * height * 3);

    expect(asked.length).toBe(local.passes);
    expect(asked[0]!.crop).toBeNull(); // the whole photo: the segmentation thread has its own copy
    for (const { rect, crop } of asked.slice(1)) {
      expect(crop!.length).toBe(rect.width * rect.height * 3);
      const row = rect.height >> 1;
      const from = ((rect.y + row) * width + rect.x) * 3;
      expect(Buffer.from(crop!.subarray(row * rect.width * 3, (row + 1) * rect.width * 3)).equals(Buffer.from(rgb.subarray(from, from + rect.width * 3)))).toBe(true);
    }
  });

  it('runs the next cut-out in the buffers the last one gave back (the photo’s copy; the answer once recycled), byte for byte the same', async () => {
    const width = 360;
    const height = 480;
    const face: Rect = { x: 140, y: 150, width: 80, height: 90 };
    const segment = async (rect: Rect) => fakeMask(width, height, rect);
    const local = await cutOutPerson({ data: photo(width, height), width, height }, { face, segment, clearTransparent: true });
    const first = await matting.cutOut({ rgb: photo(width, height), width, height }, face, segment);
    const answer = Buffer.from(first.rgba);
    matting.recycle(first.rgba);
    const second = await matting.cutOut({ rgb: photo(width, height), width, height }, face, segment);
    expect(second.thread.reused).toEqual({ input: true, output: true });
    expect(Buffer.from(second.rgba).equals(Buffer.from(local.rgba))).toBe(true);
    expect(answer.equals(Buffer.from(local.rgba))).toBe(true);
    // The recycled answer was moved to the matting thread: the caller's view of it is empty.
    expect(first.rgba.length).toBe(0);
    // Another size: fresh buffers, the same answer as here.
    const small = await matting.cutOut({ rgb: photo(120, 160), width: 120, height: 160 }, null, async (rect) => fakeMask(120, 160, rect));
    expect(small.thread.reused).toEqual({ input: false, output: false });
    const smallLocal = await cutOutPerson({ data: photo(120, 160), width: 120, height: 160 }, { face: null, segment: async (rect) => fakeMask(120, 160, rect), clearTransparent: true });
    expect(Buffer.from(small.rgba).equals(Buffer.from(smallLocal.rgba))).toBe(true);
  });

  it('passes a failed model pass on as the cut-out’s error, and keeps working', async () => {
    const rgb = photo(120, 160);
    await expect(matting.cutOut({ rgb, width: 120, height: 160 }, null, () => Promise.reject(new Error('model down')))).rejects.toThrow(/model down/);
    const again = await matting.cutOut({ rgb, width: 120, height: 160 }, null, async (rect) => fakeMask(120, 160, rect));
    expect(again.rgba.length).toBe(120 * 160 * 4);
  });
});

describe('SegmentationPool.removeBackground', () => {
  it('runs the matting in a thread without tfjs (the models stay in the segmentation thread)', async () => {
    const pool = new SegmentationPool({ threads: 1, maxWaiting: 0 }, path.join(root, 'apps', 'web', 'public', 'editor-models'));
    try {
      const image = await sharp(path.join(root, 'e2e', 'fixtures', 'astronaut.jpg')).jpeg().toBuffer();
      const result = await pool.removeBackground(image);
      expect(result.ok).toBe(true);
      if (!result.ok) return;
      expect(result.mattingThread.tfjsLoaded).toBe(false);
      expect(result.width).toBe(512);
      // The second call runs in the first's buffers (the answer recycled once encoded) and answers the same PNG.
      const again = await pool.removeBackground(image);
      expect(again.ok && again.mattingThread.reused).toEqual({ input: true, output: true });
      expect(again.ok && Buffer.from(again.pngBase64).equals(Buffer.from(result.pngBase64))).toBe(true);
    } finally {
      await pool.close();
    }
  }, 120_000);
});
