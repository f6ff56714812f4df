import { editorMessages, retouchKey, type BackgroundChoice, type RetouchRecipe } from '@studio-gallery/contract';
import type { PersonCutout } from './face-detection';

/**
 * The picture the sliders and the crop work on (issue 13): the photo, retouched by the free AI retouch
 * when chosen, with a new background behind the person when chosen. Built at full resolution:
 *
 *   photo (or retouched photo) → background over it at its opacity → the person over that
 *
 * The person layer is the cut-out (alpha = refined mask, edge colours decontaminated) whose fully
 * opaque pixels are the photo's own, so inside the mask the person's pixels are exactly the photo's.
 * Each step is cached: choosing another colour redraws three layers, not the model.
 */

/** What of an edit changes the base picture. */
export interface BaseEdit {
  background: BackgroundChoice | null;
  retouch: RetouchRecipe | null;
}

export type BaseImageStep = 'cutout' | 'retouch' | 'background' | 'composite' | 'upload-missing';

const STEP_MESSAGES: Record<BaseImageStep, string> = {
  cutout: editorMessages.removeBackgroundFailed,
  retouch: editorMessages.processFailed,
  background: editorMessages.compositeFailed,
  composite: editorMessages.compositeFailed,
  'upload-missing': editorMessages.backgroundUploadMissing,
};

/** A step of the base picture failed; `message` is the text to show. */
export class BaseImageError extends Error {
  readonly step: BaseImageStep;
  constructor(step: BaseImageStep, options?: { cause?: unknown }) {
    super(STEP_MESSAGES[step], options);
    this.name = 'BaseImageError';
    this.step = step;
  }
}

export interface BaseImageSources {
  /** The person cut out of the photo (the editor worker). */
  cutOut: (photo: ImageBitmap) => Promise<PersonCutout>;
  /** The photo retouched with a strength and controls (the server's retouch-portrait). */
  retouch: (retouch: RetouchRecipe) => Promise<Blob>;
  /** A studio backdrop's picture by URL. */
  loadImage: (url: string) => Promise<Blob>;
}

type Canvas = HTMLCanvasElement | OffscreenCanvas;

function newCanvas(width: number, height: number): Canvas {
  if (typeof OffscreenCanvas !== 'undefined') return new OffscreenCanvas(width, height);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  return canvas;
}

function context2d(canvas: Canvas): CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D {
  const context = canvas.getContext('2d', { willReadFrequently: true }) as CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D | null;
  if (!context) throw new Error('no 2D context');
  return context;
}

/** Where an image of iw x ih is drawn to cover w x h, centred (CSS object-fit: cover). */
export function coverRect(iw: number, ih: number, w: number, h: number): { x: number; y: number; width: number; height: number } {
  const scale = Math.max(w / iw, h / ih);
  const width = iw * scale;
  const height = ih * scale;
  return { x: (w - width) / 2, y: (h - height) / 2, width, height };
}

/**
 * The person layer's pixels: the cut-out, except that fully opaque pixels take the photo's (`photo`,
 * the retouched photo when retouched; null keeps the cut-out's, which are the original's there).
 */
export function personLayerPixels(cutout: Uint8ClampedArray, photo: Uint8ClampedArray | null): Uint8ClampedArray<ArrayBuffer> {
  const out = new Uint8ClampedArray(cutout.length);
  out.set(cutout);
  if (!photo) return out;
  for (let o = 0; o < out.length; o += 4) {
    if (out[o + 3] !== 255) continue;
    out[o] = photo[o]!;
    out[o + 1] = photo[o + 1]!;
    out[o + 2] = photo[o + 2]!;
  }
  return out;
}

function pixelsOf(image: ImageBitmap): Uint8ClampedArray {
  const canvas = newCanvas(image.width, image.height);
  const context = context2d(canvas);
  context.drawImage(image, 0, 0);
  return context.getImageData(0, 0, image.width, image.height).data;
}

/** The cache key of a background choice (its picture, not its opacity). */
function backgroundKey(choice: BackgroundChoice): string {
  return choice.kind === 'colour' ? `colour:${choice.colour}` : choice.kind === 'preset' ? `preset:${choice.imageUrl}` : `upload:${choice.name}`;
}

const COMPOSITES_KEPT = 3;

/** Builds and caches base pictures for one photo; `dispose` frees them. */
export class BaseImageBuilder {
  readonly photo: ImageBitmap;
  readonly #sources: BaseImageSources;
  #cutout: Promise<PersonCutout> | null = null;
  readonly #retouched = new Map<string, Promise<ImageBitmap>>();
  readonly #pictures = new Map<string, Promise<ImageBitmap>>();
  readonly #personLayers = new Map<string, Promise<Canvas>>();
  #composites: { key: string; image: Promise<ImageBitmap> }[] = [];
  readonly #owned = new Set<ImageBitmap>();

  constructor(photo: ImageBitmap, sources: BaseImageSources) {
    this.photo = photo;
    this.#sources = sources;
  }

  /** The person cut out (once; a failure is tried again on the next call). */
  cutout(): Promise<PersonCutout> {
    this.#cutout ??= this.#sources.cutOut(this.photo).catch((cause: unknown) => {
      this.#cutout = null;
      throw new BaseImageError('cutout', { cause });
    });
    return this.#cutout;
  }

  /** A retouch made elsewhere (the AI panel's result), so applying it does not ask the server again. */
  provideRetouched(retouch: RetouchRecipe, blob: Blob): void {
    this.#retouched.set(retouchKey(retouch), this.#decode(blob, 'retouch'));
  }

  /** A picture the customer chose for the background, kept for this editing session. */
  provideUpload(name: string, picture: ImageBitmap): void {
    this.#owned.add(picture);
    this.#pictures.set(`upload:${name}`, Promise.resolve(picture));
  }

  hasUpload(name: string): boolean {
    return this.#pictures.has(`upload:${name}`);
  }

  /** The base picture of an edit: the photo itself when nothing changes it. */
  build(edit: BaseEdit): Promise<ImageBitmap> {
    if (!edit.background && !edit.retouch) return Promise.resolve(this.photo);
    const key = JSON.stringify([edit.retouch ? retouchKey(edit.retouch) : null, edit.background]);
    const cached = this.#composites.find((entry) => entry.key === key);
    if (cached) return cached.image;
    const image = this.#compose(edit);
    image.catch(() => {
      this.#composites = this.#composites.filter((entry) => entry.image !== image);
    });
    // Older composites are only forgotten, not closed: the stage or an export may still hold one.
    this.#composites = [{ key, image }, ...this.#composites].slice(0, COMPOSITES_KEPT);
    return image;
  }

  dispose(): void {
    for (const bitmap of this.#owned) bitmap.close();
    this.#owned.clear();
    this.#composites = [];
    this.#retouched.clear();
    this.#pictures.clear();
    this.#personLayers.clear();
  }

  async #compose(edit: BaseEdit): Promise<ImageBitmap> {
    const photo = edit.retouch ? await this.#retouchedPhoto(edit.retouch) : this.photo;
    const background = edit.background;
    if (!background) return photo;
    const [cutout, picture] = await Promise.all([this.cutout(), this.#picture(background)]);
    const person = await this.#personLayer(cutout, photo, edit.retouch ? retouchKey(edit.retouch) : null);
    try {
      const canvas = newCanvas(photo.width, photo.height);
      const context = context2d(canvas);
      context.drawImage(photo, 0, 0);
      context.globalAlpha = Math.min(1, Math.max(0, background.opacity / 100));
      if (picture) {
        const rect = coverRect(picture.width, picture.height, photo.width, photo.height);
        context.drawImage(picture, rect.x, rect.y, rect.width, rect.height);
      } else if (background.kind === 'colour') {
        context.fillStyle = background.colour;
        context.fillRect(0, 0, photo.width, photo.height);
      }
      context.globalAlpha = 1;
      context.drawImage(person, 0, 0);
      return await createImageBitmap(canvas);
    } catch (cause) {
      throw new BaseImageError('composite', { cause });
    }
  }

  #retouchedPhoto(retouch: RetouchRecipe): Promise<ImageBitmap> {
    const key = retouchKey(retouch);
    let retouched = this.#retouched.get(key);
    if (!retouched) {
      retouched = this.#sources.retouch(retouch).then(
        (blob) => this.#decode(blob, 'retouch'),
        (cause: unknown) => {
          throw new BaseImageError('retouch', { cause });
        },
      );
      retouched.catch(() => this.#retouched.delete(key));
      this.#retouched.set(key, retouched);
    }
    return retouched;
  }

  /** The background's picture; null for a colour. */
  async #picture(choice: BackgroundChoice): Promise<ImageBitmap | null> {
    if (choice.kind === 'colour') return null;
    const key = backgroundKey(choice);
    let picture = this.#pictures.get(key);
    if (!picture) {
      if (choice.kind === 'upload') throw new BaseImageError('upload-missing');
      picture = this.#sources.loadImage(choice.imageUrl).then((blob) => this.#decode(blob, 'background'));
      picture.catch(() => this.#pictures.delete(key));
      this.#pictures.set(key, picture);
    }
    return picture;
  }

  #personLayer(cutout: PersonCutout, photo: ImageBitmap, retouched: string | null): Promise<Canvas> {
    const key = String(retouched);
    let layer = this.#personLayers.get(key);
    if (!layer) {
      layer = (async () => {
        try {
          if (cutout.width !== photo.width || cutout.height !== photo.height) throw new Error('the cut-out and the photo differ in size');
          const pixels = personLayerPixels(cutout.rgba, retouched === null ? null : pixelsOf(photo));
          const canvas = newCanvas(photo.width, photo.height);
          context2d(canvas).putImageData(new ImageData(pixels, photo.width, photo.height), 0, 0);
          return canvas;
        } catch (cause) {
          throw new BaseImageError('composite', { cause });
        }
      })();
      layer.catch(() => this.#personLayers.delete(key));
      this.#personLayers.set(key, layer);
    }
    return layer;
  }

  async #decode(blob: Blob, step: BaseImageStep): Promise<ImageBitmap> {
    try {
      const bitmap = await createImageBitmap(blob, { imageOrientation: 'from-image' });
      this.#owned.add(bitmap);
      return bitmap;
    } catch (cause) {
      throw new BaseImageError(step, { cause });
    }
  }
}
