/**
 * Test scenes for the cut-out (tests only; no app code imports this): a synthetic portrait and the
 * model's stand-in for it, shared by the contract's tests and the server's matting-thread tests.
 */
import type { Mask, Rect } from './cutout';

/** A grey backdrop and a textured darker disc (the "person"), RGB; `shift` moves the disc (another photo). */
export function discPhoto(width: number, height: number, shift = 0): Uint8Array {
  const rgb = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const inside = (x - width / 2 - shift) ** 2 + (y - height * 0.55) ** 2 < (width * 0.3) ** 2;
      const i = (y * width + x) * 3;
      rgb[i] = inside ? 90 + ((x * 7 + y * 3) % 40) : 200;
      rgb[i + 1] = inside ? 60 + ((x * 5) % 30) : 192;
      rgb[i + 2] = inside ? 50 : 190;
    }
  }
  return rgb;
}

/** The model's stand-in: the same disc as a soft 64x64 mask of the rectangle asked for. */
export function discMask(width: number, height: number, rect: Rect, shift = 0): Mask {
  const size = 64;
  const data = new Float32Array(size * size);
  for (let j = 0; j < size; j++) {
    for (let i = 0; i < size; i++) {
      const x = rect.x + ((i + 0.5) * rect.width) / size;
      const y = rect.y + ((j + 0.5) * rect.height) / size;
      data[j * size + i] = (x - width / 2 - shift) ** 2 + (y - height * 0.55) ** 2 < (width * 0.3) ** 2 ? 0.95 : 0.03;
    }
  }
  return { data, width: size, height: size };
}
