/**
 * Working buffers of the cut-out (issue 22 §4), reused from one call to the next. A 1600x2400 portrait's
 * cutOutPerson took ~130 MB of fresh typed arrays a call (~35 working-size planes, the colour fields'
 * summed-area tables, the band's packed field): each of them fresh pages of zeroes, and together a full
 * collection every call or two. A Scratch hands out the same arrays again instead.
 *
 * One cut-out at a time per Scratch (cutOutPerson takes an idle one from `acquireScratch`, or a new one
 * while another call holds it, and gives it back with `releaseScratch` when it returns). Nothing a
 * Scratch hands out leaves the call: the answer (RefinedCutout.rgba) never comes from it. Buffers are
 * zeroed when taken, as `new` would give them, unless the caller asks for them `dirty` (it writes every
 * element before reading any).
 */

type Typed = Float32Array | Float64Array | Int32Array | Uint8Array;
type Kind = 'f32' | 'f64' | 'i32' | 'u8';

export class Scratch {
  /** Buffers given back, by kind and length. */
  private readonly free = new Map<string, Typed[]>();
  /** Buffers handed out and not given back yet. */
  private readonly out = new Set<Typed>();
  /** Keys taken since the last releaseAll (what this call's size needs). */
  private readonly taken = new Set<string>();

  f32(length: number, dirty = false): Float32Array {
    return this.take('f32', length, dirty, () => new Float32Array(length)) as Float32Array;
  }

  f64(length: number, dirty = false): Float64Array {
    return this.take('f64', length, dirty, () => new Float64Array(length)) as Float64Array;
  }

  i32(length: number, dirty = false): Int32Array {
    return this.take('i32', length, dirty, () => new Int32Array(length)) as Int32Array;
  }

  u8(length: number, dirty = false): Uint8Array {
    return this.take('u8', length, dirty, () => new Uint8Array(length)) as Uint8Array;
  }

  /** Gives buffers back before the call ends (the caller holds no view of them any more). Others' are ignored. */
  give(...buffers: Typed[]): void {
    for (const buffer of buffers) {
      if (!this.out.delete(buffer)) continue;
      const key = keyOf(buffer);
      let list = this.free.get(key);
      if (!list) this.free.set(key, (list = []));
      list.push(buffer);
    }
  }

  /**
   * Every buffer back (the call is over). What this call did not ask for (another photo size's) is
   * dropped, so that a Scratch holds at most one call's worth.
   */
  releaseAll(): void {
    this.give(...this.out);
    for (const key of [...this.free.keys()]) if (!this.taken.has(key)) this.free.delete(key);
    this.taken.clear();
  }

  /** Bytes held for the next call (tests, the bench). */
  heldBytes(): number {
    let bytes = 0;
    for (const list of this.free.values()) for (const buffer of list) bytes += buffer.byteLength;
    for (const buffer of this.out) bytes += buffer.byteLength;
    return bytes;
  }

  private take(kind: Kind, length: number, dirty: boolean, make: () => Typed): Typed {
    const key = `${kind}:${length}`;
    this.taken.add(key);
    const buffer = this.free.get(key)?.pop();
    if (buffer && !dirty) buffer.fill(0);
    const result = buffer ?? make();
    this.out.add(result);
    return result;
  }
}

function keyOf(buffer: Typed): string {
  const kind: Kind = buffer instanceof Float32Array ? 'f32' : buffer instanceof Float64Array ? 'f64' : buffer instanceof Int32Array ? 'i32' : 'u8';
  return `${kind}:${buffer.length}`;
}

/** The idle Scratch kept between calls (at most one: concurrent calls beyond it allocate and drop theirs). */
let idle: Scratch | null = null;

/** A Scratch for one cut-out: the idle one, or a new one when it is in use. */
export function acquireScratch(): Scratch {
  const scratch = idle ?? new Scratch();
  idle = null;
  return scratch;
}

/** The call is over: its buffers go back, and the Scratch is kept for the next call. */
export function releaseScratch(scratch: Scratch): void {
  scratch.releaseAll();
  idle = scratch;
}

/** A zeroed Float32Array from `scratch`, or a new one without. */
export function f32(scratch: Scratch | undefined, length: number, dirty = false): Float32Array {
  return scratch ? scratch.f32(length, dirty) : new Float32Array(length);
}

export function f64(scratch: Scratch | undefined, length: number, dirty = false): Float64Array {
  return scratch ? scratch.f64(length, dirty) : new Float64Array(length);
}

export function i32(scratch: Scratch | undefined, length: number, dirty = false): Int32Array {
  return scratch ? scratch.i32(length, dirty) : new Int32Array(length);
}

export function u8(scratch: Scratch | undefined, length: number, dirty = false): Uint8Array {
  return scratch ? scratch.u8(length, dirty) : new Uint8Array(length);
}

/** Gives buffers back to `scratch` (none without). */
export function give(scratch: Scratch | undefined, ...buffers: Typed[]): void {
  scratch?.give(...buffers);
}
