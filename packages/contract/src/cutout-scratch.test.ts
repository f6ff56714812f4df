import { describe, expect, it } from 'vitest';
import { type Rect, cutOutPerson, refineCutout } from './cutout';
import { Scratch, acquireScratch, releaseScratch } from './cutout-scratch';
import { discMask as fakeMask, discPhoto as photo } from './cutout-testing';

// Issue 22 §4: the cut-out's working buffers are reused from one call to the next (no ~130 MB of fresh
// typed arrays a call); the answer never comes from them, and the bytes are those of a fresh run.


interface Case {
  width: number;
  height: number;
  shift: number;
  face: Rect | null;
}

const CASES: Case[] = [
  { width: 360, height: 480, shift: 0, face: { x: 140, y: 150, width: 80, height: 90 } },
  { width: 300, height: 420, shift: 20, face: null },
  { width: 360, height: 480, shift: -30, face: { x: 110, y: 150, width: 80, height: 90 } },
];

function cut({ width, height, shift, face }: Case, output?: Uint8Array, delay = 0) {
  return cutOutPerson(
    { data: photo(width, height, shift), width, height },
    {
      face,
      clearTransparent: true,
      output,
      segment: async (rect) => {
        if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
        return fakeMask(width, height, rect, shift);
      },
    },
  );
}

/** Each case cut out by a process that never cut out before (a Scratch of its own, empty). */
async function fresh(): Promise<Buffer[]> {
  const answers: Buffer[] = [];
  for (const c of CASES) {
    releaseScratch(new Scratch());
    answers.push(Buffer.from((await cut(c)).rgba));
  }
  return answers;
}

describe('Scratch', () => {
  it('hands a given-back buffer out again, zeroed unless asked dirty, and drops what the last call did not use', () => {
    const scratch = new Scratch();
    const a = scratch.f32(16);
    a.fill(7);
    scratch.give(a);
    const again = scratch.f32(16);
    expect(again).toBe(a);
    expect([...again].every((v) => v === 0)).toBe(true);
    again.fill(3);
    scratch.give(again);
    expect(scratch.f32(16, true)[0]).toBe(3);
    // Another size and another kind are other buffers.
    expect(scratch.f32(17)).not.toBe(a);
    expect(scratch.f64(16)).not.toBe(a);
    // A buffer it did not hand out is not taken in.
    scratch.give(new Float32Array(8));
    expect(scratch.heldBytes()).toBe(16 * 4 + 17 * 4 + 16 * 8);
    scratch.releaseAll();
    expect(scratch.heldBytes()).toBe(16 * 4 + 17 * 4 + 16 * 8);
    // The next call asks only for 16 floats: the rest is dropped.
    scratch.f32(16);
    scratch.releaseAll();
    expect(scratch.heldBytes()).toBe(16 * 4);
  });
});

describe('cutOutPerson with reused working buffers (issue 22 §4)', () => {
  it('keeps its working buffers for the next call, and answers byte for byte as a fresh run, photo after photo of other sizes', async () => {
    const expected = await fresh();
    releaseScratch(new Scratch());
    for (let round = 0; round < 2; round++)
      for (const [k, c] of CASES.entries()) expect(Buffer.from((await cut(c)).rgba).equals(expected[k]!), `round ${round}, case ${k}`).toBe(true);
    const held = acquireScratch();
    // The last photo's working buffers (360x480, its own working size), answer excluded: ~166 bytes a
    // working pixel (the colour fields' summed-area table 9.7 MB, the band's packed field 6.2, ~18
    // planes). The other photo size's (300x420, ~21 MB more) were dropped.
    expect(held.heldBytes()).toBeGreaterThan(100 * 360 * 480);
    expect(held.heldBytes()).toBeLessThan(180 * 360 * 480);
    releaseScratch(held);
  });

  it('never answers in a buffer it reuses: an answer held while the next photos are cut out stays as it was', async () => {
    const [first] = CASES;
    const held = await cut(first!);
    const copy = Buffer.from(held.rgba);
    for (const c of CASES) await cut(c);
    expect(Buffer.from(held.rgba).equals(copy)).toBe(true);
  });

  it('two cut-outs at once (a model pass awaited in each) answer as one after the other', async () => {
    const expected = await fresh();
    const [a, b] = await Promise.all([cut(CASES[0]!, undefined, 5), cut(CASES[1]!, undefined, 2)]);
    expect(Buffer.from(a.rgba).equals(expected[0]!)).toBe(true);
    expect(Buffer.from(b.rgba).equals(expected[1]!)).toBe(true);
  });

  it('writes the answer into `output` when given (a previous answer, written over), the same bytes', async () => {
    const expected = await fresh();
    const c = CASES[0]!;
    const output = new Uint8Array(c.width * c.height * 4).fill(0xab);
    const result = await cut(c, output);
    // (Identity as a boolean: a failing toBe would print two 700 KB arrays.)
    expect(result.rgba === output).toBe(true);
    expect(Buffer.from(output).equals(expected[0]!)).toBe(true);
    await expect(cut(c, new Uint8Array(16))).rejects.toThrow(/output/);
  });

  it('refineCutout on its own (its buffers reused) answers a second call as the first', () => {
    const { width, height } = CASES[0]!;
    const image = { data: photo(width, height), width, height };
    const mask = fakeMask(width, height, { x: 0, y: 0, width, height });
    releaseScratch(new Scratch());
    const first = Buffer.from(refineCutout(image, mask).rgba);
    const second = refineCutout(image, mask).rgba;
    expect(Buffer.from(second).equals(first)).toBe(true);
  });
});
