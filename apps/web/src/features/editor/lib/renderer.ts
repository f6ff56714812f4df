import { EDIT_JPEG_QUALITY, EDITOR_TIMINGS, hasAdjustments, type EditValues } from '@studio-gallery/contract';
import { applyAdjustments, createGrainTile, grainLevelForScale, grainSampleAt, skinGateAt, type GrainLevel, type SkinGate } from './adjustments';
import { FRAGMENT_SHADER, PASSTHROUGH_SHADER, VERTEX_SHADER } from './shader';

/**
 * Paints the Light, Color and Effects sliders (adjustments.ts) onto the editor's canvas and renders
 * the full-size export. WebGL2 when the browser has it (one fragment shader, shader.ts); otherwise
 * Canvas 2D, which runs the reference functions over ImageData. docs/editor.md has the details.
 */

export type { SkinGate } from './adjustments';

export interface PixelRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export type CanvasLike = HTMLCanvasElement | OffscreenCanvas;

export interface EditRenderer {
  readonly kind: 'webgl2' | 'canvas2d';
  /**
   * The decoded, upright source at full resolution. Create it with
   * `createImageBitmap(blob, { imageOrientation: 'from-image', premultiplyAlpha: 'none' })`.
   */
  setSource(source: ImageBitmap): void;
  /** Where skinTone may act (fractions of the source). null: no face was found, so skinTone changes nothing. */
  setSkinGate(gate: SkinGate | null): void;
  /**
   * Paints the preview of `values` (null = the unedited original, for compare) into the display
   * canvas, stretched to the canvas's size (give the canvas the photo's aspect ratio). Synchronous
   * and cheap enough to call on every slider move; PreviewScheduler calls it at most once a frame.
   */
  render(values: EditValues | null): void;
  /**
   * Full-resolution render of `values` cropped to `crop` (source pixels; null = whole image) into a
   * new canvas, in tiles (WebGL2: no larger than the GPU allows and EXPORT_TILE_PX; Canvas 2D: 512 px),
   * yielding to the page between tiles.
   */
  renderFull(values: EditValues, crop: PixelRect | null): Promise<CanvasLike>;
  dispose(): void;
}

export interface RendererOptions {
  /** Use Canvas 2D even where WebGL2 works. */
  preferCanvas2d?: boolean;
  /** Largest export tile side in pixels (tests force small tiles with it). */
  maxTileSize?: number;
  /** Canvas 2D only: paint drafts while the slider moves (default); off gives exact frames (tests). */
  drafts?: boolean;
}

/** Export tiles are at most this many pixels a side: ~16 MB of GPU memory each, fine on a phone. */
export const EXPORT_TILE_PX = 2048;

export function createRenderer(display: HTMLCanvasElement, options: RendererOptions = {}): EditRenderer {
  if (!options.preferCanvas2d && webgl2Works()) {
    const gl = display.getContext('webgl2', CONTEXT_ATTRIBUTES);
    if (gl) return new WebglRenderer(display, gl, options);
  }
  return new Canvas2dRenderer(display, options);
}

/** Resolves with the canvas's image encoded as `type`; works for both kinds of canvas. */
export function canvasToBlob(canvas: CanvasLike, type = 'image/jpeg', quality = EDIT_JPEG_QUALITY): Promise<Blob> {
  if (isOffscreen(canvas)) return canvas.convertToBlob({ type, quality });
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error(`The browser could not encode the image as ${type}`))), type, quality);
  });
}

// ---------------------------------------------------------------------------------------------
// Preview scheduling

export interface PreviewSchedulerOptions {
  /**
   * Called once the values have stood still for `settleDelayMs` (spec §9's apply delay, 20 ms),
   * after they are on screen: the moment to commit them (undo history, recipe), so that a drag
   * makes one history entry, not one per pixel of slider travel.
   */
  onSettled?: (values: EditValues | null) => void;
  settleDelayMs?: number;
  requestFrame?: (paint: () => void) => number;
  cancelFrame?: (handle: number) => void;
}

export interface PreviewSchedulerStats {
  /** Values handed to request(). */
  requested: number;
  /** Renders done. */
  painted: number;
  /** Values replaced by a newer one before their frame came: skipped, never queued. */
  superseded: number;
}

/**
 * Keeps the preview level with the slider: at most one render per animation frame, always of the
 * latest values; older values waiting for that frame are dropped, so there is never a backlog to
 * work through, however slow a render is. This replaces the spec's 50 ms preview debounce (which
 * would freeze the preview while the slider moves): a change is painted on the next frame, within
 * 17 ms at 60 Hz plus the render itself.
 */
export class PreviewScheduler {
  readonly #paint: (values: EditValues | null) => void;
  readonly #onSettled: ((values: EditValues | null) => void) | undefined;
  readonly #settleDelayMs: number;
  readonly #requestFrame: (paint: () => void) => number;
  readonly #cancelFrame: (handle: number) => void;
  #pending: { values: EditValues | null } | null = null;
  #latest: EditValues | null = null;
  #frame: number | null = null;
  #settleTimer: ReturnType<typeof setTimeout> | null = null;
  readonly #stats: PreviewSchedulerStats = { requested: 0, painted: 0, superseded: 0 };

  constructor(paint: (values: EditValues | null) => void, options: PreviewSchedulerOptions = {}) {
    this.#paint = paint;
    this.#onSettled = options.onSettled;
    this.#settleDelayMs = options.settleDelayMs ?? EDITOR_TIMINGS.applyDelayMs;
    this.#requestFrame = options.requestFrame ?? ((callback) => requestAnimationFrame(callback));
    this.#cancelFrame = options.cancelFrame ?? ((handle) => cancelAnimationFrame(handle));
  }

  get stats(): Readonly<PreviewSchedulerStats> {
    return { ...this.#stats };
  }

  /** Paint `values` on the next frame (replacing any not yet painted). */
  request(values: EditValues | null): void {
    this.#stats.requested++;
    if (this.#pending) this.#stats.superseded++;
    this.#pending = { values };
    this.#latest = values;
    this.#frame ??= this.#requestFrame(() => {
      this.#frame = null;
      this.#paintPending();
    });
    if (this.#onSettled) {
      if (this.#settleTimer !== null) clearTimeout(this.#settleTimer);
      this.#settleTimer = setTimeout(() => {
        this.#settleTimer = null;
        this.flush();
        this.#onSettled?.(this.#latest);
      }, this.#settleDelayMs);
    }
  }

  /** Paint what is waiting now, without waiting for the frame. */
  flush(): void {
    if (this.#frame !== null) {
      this.#cancelFrame(this.#frame);
      this.#frame = null;
    }
    this.#paintPending();
  }

  /** Drops whatever is waiting; nothing is painted or settled after this. */
  dispose(): void {
    if (this.#frame !== null) this.#cancelFrame(this.#frame);
    if (this.#settleTimer !== null) clearTimeout(this.#settleTimer);
    this.#frame = null;
    this.#settleTimer = null;
    this.#pending = null;
  }

  #paintPending(): void {
    const pending = this.#pending;
    if (!pending) return;
    this.#pending = null;
    this.#stats.painted++;
    this.#paint(pending.values);
  }
}

// ---------------------------------------------------------------------------------------------
// Shared pieces

/** Source pixels per output pixel and where the output starts, for the gate and the grain. */
interface Frame {
  outputWidth: number;
  outputHeight: number;
  originX: number;
  originY: number;
  scaleX: number;
  scaleY: number;
}

/** The grain tile is the same bytes in both renderers (and every run). */
let grainTile: GrainLevel[] | null = null;
function getGrainTile(): GrainLevel[] {
  grainTile ??= createGrainTile();
  return grainTile;
}

function isOffscreen(canvas: CanvasLike): canvas is OffscreenCanvas {
  return typeof OffscreenCanvas !== 'undefined' && canvas instanceof OffscreenCanvas;
}

function createCanvas(width: number, height: number): CanvasLike {
  if (typeof OffscreenCanvas !== 'undefined') return new OffscreenCanvas(width, height);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  return canvas;
}

type Context2d = CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D;

function context2d(canvas: CanvasLike, settings?: CanvasRenderingContext2DSettings): Context2d {
  const context = (canvas as HTMLCanvasElement).getContext('2d', settings) as Context2d | null;
  if (!context) throw new Error('The browser has no 2D canvas');
  return context;
}

/** The source drawn at another size, with the browser's best downscaling filter. */
function drawScaled(source: ImageBitmap, width: number, height: number, settings?: CanvasRenderingContext2DSettings): CanvasLike {
  const canvas = createCanvas(width, height);
  const context = context2d(canvas, settings);
  context.imageSmoothingEnabled = true;
  context.imageSmoothingQuality = 'high';
  context.drawImage(source, 0, 0, width, height);
  return canvas;
}

/** Both renderers downscale on the same kind of (CPU) canvas, so their previews start from the same pixels. */
const SCALED_PREVIEW_SETTINGS: CanvasRenderingContext2DSettings = { willReadFrequently: true };

/** The preview's source resolution: the display's size, but never more than the source. */
function previewSize(display: HTMLCanvasElement, source: ImageBitmap): { width: number; height: number } {
  return { width: Math.max(1, Math.min(display.width, source.width)), height: Math.max(1, Math.min(display.height, source.height)) };
}

/** `crop` in whole source pixels, inside the source. */
function exportRect(crop: PixelRect | null, source: ImageBitmap): PixelRect {
  if (!crop) return { x: 0, y: 0, width: source.width, height: source.height };
  const x = Math.min(Math.max(0, Math.round(crop.x)), source.width - 1);
  const y = Math.min(Math.max(0, Math.round(crop.y)), source.height - 1);
  const width = Math.min(Math.max(1, Math.round(crop.width)), source.width - x);
  const height = Math.min(Math.max(1, Math.round(crop.height)), source.height - y);
  return { x, y, width, height };
}

function* tiles(width: number, height: number, tileSize: number): Generator<PixelRect> {
  for (let y = 0; y < height; y += tileSize) {
    for (let x = 0; x < width; x += tileSize) {
      yield { x, y, width: Math.min(tileSize, width - x), height: Math.min(tileSize, height - y) };
    }
  }
}

/** Lets the page paint and handle input between export tiles. */
function yieldToPage(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

// ---------------------------------------------------------------------------------------------
// WebGL2

const CONTEXT_ATTRIBUTES: WebGLContextAttributes = {
  alpha: true,
  premultipliedAlpha: false,
  antialias: false,
  depth: false,
  stencil: false,
  preserveDrawingBuffer: false,
};

const SAMPLING_UNIFORMS = ['u_image', 'u_fetchTexels', 'u_outputSize', 'u_flipY'] as const;
const ADJUST_UNIFORMS = [
  ...SAMPLING_UNIFORMS,
  'u_imageOrigin',
  'u_imageScale',
  'u_sourceSize',
  'u_exposure',
  'u_contrast',
  'u_fade',
  'u_saturation',
  'u_skinTone',
  'u_temperature',
  'u_tint',
  'u_grain',
  'u_hasGate',
  'u_gateCentre',
  'u_gateRadii',
  'u_grainTile',
  'u_grainLevel',
] as const;

interface GlProgram<Uniform extends string> {
  program: WebGLProgram;
  uniforms: Record<Uniform, WebGLUniformLocation | null>;
}

const IMAGE_UNIT = 0;
const GRAIN_UNIT = 1;

let webgl2Verdict: boolean | null = null;

/** Whether WebGL2 exists here and compiles our shader: tried once, on a throwaway canvas, so a failure leaves the display free for Canvas 2D. */
function webgl2Works(): boolean {
  if (webgl2Verdict !== null) return webgl2Verdict;
  webgl2Verdict = false;
  try {
    const gl = document.createElement('canvas').getContext('webgl2', CONTEXT_ATTRIBUTES);
    if (gl) {
      const program = linkProgram(gl, FRAGMENT_SHADER);
      webgl2Verdict = true;
      gl.deleteProgram(program);
      gl.getExtension('WEBGL_lose_context')?.loseContext();
    }
  } catch {
    webgl2Verdict = false;
  }
  return webgl2Verdict;
}

function compileShader(gl: WebGL2RenderingContext, type: number, source: string): WebGLShader {
  const shader = gl.createShader(type);
  if (!shader) throw new Error('WebGL could not create a shader');
  gl.shaderSource(shader, source);
  gl.compileShader(shader);
  if (!gl.getShaderParameter(shader, gl.COMPILE_STATUS) && !gl.isContextLost()) {
    const log = gl.getShaderInfoLog(shader);
    gl.deleteShader(shader);
    throw new Error(`Editor shader did not compile: ${log}`);
  }
  return shader;
}

function linkProgram(gl: WebGL2RenderingContext, fragmentShader: string): WebGLProgram {
  const program = gl.createProgram();
  const vertex = compileShader(gl, gl.VERTEX_SHADER, VERTEX_SHADER);
  const fragment = compileShader(gl, gl.FRAGMENT_SHADER, fragmentShader);
  gl.attachShader(program, vertex);
  gl.attachShader(program, fragment);
  gl.linkProgram(program);
  gl.deleteShader(vertex);
  gl.deleteShader(fragment);
  if (!gl.getProgramParameter(program, gl.LINK_STATUS) && !gl.isContextLost()) {
    const log = gl.getProgramInfoLog(program);
    gl.deleteProgram(program);
    throw new Error(`Editor shader did not link: ${log}`);
  }
  return program;
}

function createProgram<Uniform extends string>(gl: WebGL2RenderingContext, fragmentShader: string, names: readonly Uniform[]): GlProgram<Uniform> {
  const program = linkProgram(gl, fragmentShader);
  const uniforms = Object.fromEntries(names.map((name) => [name, gl.getUniformLocation(program, name)])) as Record<Uniform, WebGLUniformLocation | null>;
  return { program, uniforms };
}

interface GlResources {
  adjust: GlProgram<(typeof ADJUST_UNIFORMS)[number]>;
  passthrough: GlProgram<(typeof SAMPLING_UNIFORMS)[number]>;
  vertexArray: WebGLVertexArrayObject;
  grainTexture: WebGLTexture;
}

class WebglRenderer implements EditRenderer {
  readonly kind = 'webgl2' as const;
  readonly #display: HTMLCanvasElement;
  readonly #gl: WebGL2RenderingContext;
  readonly #maxTileSize: number;
  #resources: GlResources | null = null;
  #source: ImageBitmap | null = null;
  #gate: SkinGate | null = null;
  #preview: { texture: WebGLTexture; forWidth: number; forHeight: number } | null = null;
  #lastValues: EditValues | null = null;
  #rendered = false;

  constructor(display: HTMLCanvasElement, gl: WebGL2RenderingContext, options: RendererOptions) {
    this.#display = display;
    this.#gl = gl;
    this.#maxTileSize = options.maxTileSize ?? EXPORT_TILE_PX;
    display.addEventListener('webglcontextlost', this.#onContextLost);
    display.addEventListener('webglcontextrestored', this.#onContextRestored);
    if (!gl.isContextLost()) this.#resources = this.#createResources();
  }

  setSource(source: ImageBitmap): void {
    this.#source = source;
    this.#dropPreview();
  }

  setSkinGate(gate: SkinGate | null): void {
    this.#gate = gate ? { ...gate } : null;
  }

  render(values: EditValues | null): void {
    this.#lastValues = values;
    this.#rendered = true;
    const gl = this.#gl;
    const resources = this.#resources;
    const source = this.#source;
    if (!resources || gl.isContextLost()) return;
    gl.bindFramebuffer(gl.FRAMEBUFFER, null);
    gl.viewport(0, 0, gl.drawingBufferWidth, gl.drawingBufferHeight);
    if (!source) {
      gl.clearColor(0, 0, 0, 0);
      gl.clear(gl.COLOR_BUFFER_BIT);
      return;
    }
    const preview = this.#previewTexture(source);
    gl.activeTexture(gl.TEXTURE0 + IMAGE_UNIT);
    gl.bindTexture(gl.TEXTURE_2D, preview);
    const width = gl.drawingBufferWidth;
    const height = gl.drawingBufferHeight;
    this.#draw(resources, values, source, {
      frame: { outputWidth: width, outputHeight: height, originX: 0, originY: 0, scaleX: source.width / width, scaleY: source.height / height },
      flipY: true,
      fetchTexels: false,
    });
  }

  async renderFull(values: EditValues, crop: PixelRect | null): Promise<CanvasLike> {
    const source = this.#requireSource();
    const rect = exportRect(crop, source);
    const gl = this.#gl;
    const limit = Math.min(
      this.#maxTileSize,
      gl.getParameter(gl.MAX_TEXTURE_SIZE) as number,
      gl.getParameter(gl.MAX_RENDERBUFFER_SIZE) as number,
      ...(gl.getParameter(gl.MAX_VIEWPORT_DIMS) as Int32Array),
    );
    const tileWidth = Math.min(limit, rect.width);
    const tileHeight = Math.min(limit, rect.height);
    const output = createCanvas(rect.width, rect.height);
    const outputContext = context2d(output);
    const pixels = new Uint8Array(tileWidth * tileHeight * 4);

    const sourceTexture = this.#createTexture(tileWidth, tileHeight);
    const targetTexture = this.#createTexture(tileWidth, tileHeight);
    const framebuffer = gl.createFramebuffer();
    try {
      gl.bindFramebuffer(gl.FRAMEBUFFER, framebuffer);
      gl.framebufferTexture2D(gl.FRAMEBUFFER, gl.COLOR_ATTACHMENT0, gl.TEXTURE_2D, targetTexture, 0);
      if (gl.checkFramebufferStatus(gl.FRAMEBUFFER) !== gl.FRAMEBUFFER_COMPLETE) throw new Error('WebGL cannot render the export');

      for (const tile of tiles(rect.width, rect.height, limit)) {
        const resources = this.#requireResources();
        const originX = rect.x + tile.x;
        const originY = rect.y + tile.y;

        gl.activeTexture(gl.TEXTURE0 + IMAGE_UNIT);
        gl.bindTexture(gl.TEXTURE_2D, sourceTexture);
        // Upload only this tile's part of the source (WebGL2 honours the skip parameters for images).
        gl.pixelStorei(gl.UNPACK_SKIP_PIXELS, originX);
        gl.pixelStorei(gl.UNPACK_SKIP_ROWS, originY);
        gl.texSubImage2D(gl.TEXTURE_2D, 0, 0, 0, tile.width, tile.height, gl.RGBA, gl.UNSIGNED_BYTE, source);
        gl.pixelStorei(gl.UNPACK_SKIP_PIXELS, 0);
        gl.pixelStorei(gl.UNPACK_SKIP_ROWS, 0);

        gl.bindFramebuffer(gl.FRAMEBUFFER, framebuffer);
        gl.viewport(0, 0, tile.width, tile.height);
        this.#draw(resources, values, source, {
          frame: { outputWidth: tile.width, outputHeight: tile.height, originX, originY, scaleX: 1, scaleY: 1 },
          flipY: false,
          fetchTexels: true,
        });
        const tilePixels = pixels.subarray(0, tile.width * tile.height * 4);
        gl.readPixels(0, 0, tile.width, tile.height, gl.RGBA, gl.UNSIGNED_BYTE, tilePixels);
        gl.bindFramebuffer(gl.FRAMEBUFFER, null);
        if (gl.isContextLost()) throw new Error('The graphics context was lost during the export');
        const clamped = new Uint8ClampedArray(tilePixels.buffer, tilePixels.byteOffset, tilePixels.length);
        outputContext.putImageData(new ImageData(clamped, tile.width, tile.height), tile.x, tile.y);
        await yieldToPage();
      }
    } finally {
      gl.bindFramebuffer(gl.FRAMEBUFFER, null);
      gl.deleteFramebuffer(framebuffer);
      gl.deleteTexture(sourceTexture);
      gl.deleteTexture(targetTexture);
    }
    return output;
  }

  dispose(): void {
    this.#display.removeEventListener('webglcontextlost', this.#onContextLost);
    this.#display.removeEventListener('webglcontextrestored', this.#onContextRestored);
    this.#dropPreview();
    const resources = this.#resources;
    if (resources && !this.#gl.isContextLost()) {
      this.#gl.deleteProgram(resources.adjust.program);
      this.#gl.deleteProgram(resources.passthrough.program);
      this.#gl.deleteVertexArray(resources.vertexArray);
      this.#gl.deleteTexture(resources.grainTexture);
    }
    // The context itself stays: React may mount a new renderer on the same canvas.
    this.#resources = null;
    this.#source = null;
  }

  #requireSource(): ImageBitmap {
    if (!this.#source) throw new Error('The editor has no image yet');
    return this.#source;
  }

  #requireResources(): GlResources {
    if (!this.#resources || this.#gl.isContextLost()) throw new Error('The graphics context was lost');
    return this.#resources;
  }

  #createResources(): GlResources {
    const gl = this.#gl;
    const adjust = createProgram(gl, FRAGMENT_SHADER, ADJUST_UNIFORMS);
    const passthrough = createProgram(gl, PASSTHROUGH_SHADER, SAMPLING_UNIFORMS);
    const vertexArray = gl.createVertexArray();

    const grainTexture = gl.createTexture();
    gl.activeTexture(gl.TEXTURE0 + GRAIN_UNIT);
    gl.bindTexture(gl.TEXTURE_2D, grainTexture);
    gl.pixelStorei(gl.UNPACK_ALIGNMENT, 1);
    const levels = getGrainTile();
    levels.forEach((level, index) => gl.texImage2D(gl.TEXTURE_2D, index, gl.R8, level.size, level.size, 0, gl.RED, gl.UNSIGNED_BYTE, level.data));
    gl.pixelStorei(gl.UNPACK_ALIGNMENT, 4);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAX_LEVEL, levels.length - 1);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, gl.NEAREST_MIPMAP_NEAREST);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAG_FILTER, gl.NEAREST);

    // Photos go to the GPU as stored: no colour-space conversion, no premultiplied alpha, top row first.
    gl.pixelStorei(gl.UNPACK_COLORSPACE_CONVERSION_WEBGL, gl.NONE);
    gl.pixelStorei(gl.UNPACK_PREMULTIPLY_ALPHA_WEBGL, false);
    gl.pixelStorei(gl.UNPACK_FLIP_Y_WEBGL, false);
    return { adjust, passthrough, vertexArray, grainTexture };
  }

  #createTexture(width: number, height: number): WebGLTexture {
    const gl = this.#gl;
    const texture = gl.createTexture();
    gl.activeTexture(gl.TEXTURE0 + IMAGE_UNIT);
    gl.bindTexture(gl.TEXTURE_2D, texture);
    gl.texStorage2D(gl.TEXTURE_2D, 1, gl.RGBA8, width, height);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, gl.NEAREST);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAG_FILTER, gl.NEAREST);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_S, gl.CLAMP_TO_EDGE);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_T, gl.CLAMP_TO_EDGE);
    return texture;
  }

  /** The source at about the display's size, made again when the display's size changes. */
  #previewTexture(source: ImageBitmap): WebGLTexture {
    const display = this.#display;
    if (this.#preview && this.#preview.forWidth === display.width && this.#preview.forHeight === display.height) return this.#preview.texture;
    this.#dropPreview();
    const gl = this.#gl;
    const { width, height } = previewSize(display, source);
    const image = width === source.width && height === source.height ? source : drawScaled(source, width, height, SCALED_PREVIEW_SETTINGS);
    const texture = gl.createTexture();
    gl.activeTexture(gl.TEXTURE0 + IMAGE_UNIT);
    gl.bindTexture(gl.TEXTURE_2D, texture);
    gl.texImage2D(gl.TEXTURE_2D, 0, gl.RGBA8, width, height, 0, gl.RGBA, gl.UNSIGNED_BYTE, image);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, gl.LINEAR);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAG_FILTER, gl.LINEAR);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_S, gl.CLAMP_TO_EDGE);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_T, gl.CLAMP_TO_EDGE);
    this.#preview = { texture, forWidth: display.width, forHeight: display.height };
    return texture;
  }

  #dropPreview(): void {
    if (this.#preview && !this.#gl.isContextLost()) this.#gl.deleteTexture(this.#preview.texture);
    this.#preview = null;
  }

  /** One draw with the image texture already bound to IMAGE_UNIT and the target framebuffer set. */
  #draw(resources: GlResources, values: EditValues | null, source: ImageBitmap, target: { frame: Frame; flipY: boolean; fetchTexels: boolean }): void {
    const gl = this.#gl;
    const { frame } = target;
    const edit = values && hasAdjustments(values) ? values : null;
    const { program, uniforms: sampling } = edit ? resources.adjust : resources.passthrough;
    gl.useProgram(program);
    gl.bindVertexArray(resources.vertexArray);
    gl.uniform1i(sampling.u_image, IMAGE_UNIT);
    gl.uniform1i(sampling.u_fetchTexels, target.fetchTexels ? 1 : 0);
    gl.uniform2f(sampling.u_outputSize, frame.outputWidth, frame.outputHeight);
    gl.uniform1i(sampling.u_flipY, target.flipY ? 1 : 0);
    if (edit) {
      const u = resources.adjust.uniforms;
      gl.activeTexture(gl.TEXTURE0 + GRAIN_UNIT);
      gl.bindTexture(gl.TEXTURE_2D, resources.grainTexture);
      gl.uniform1i(u.u_grainTile, GRAIN_UNIT);
      gl.uniform2f(u.u_imageOrigin, frame.originX, frame.originY);
      gl.uniform2f(u.u_imageScale, frame.scaleX, frame.scaleY);
      gl.uniform2f(u.u_sourceSize, source.width, source.height);
      gl.uniform1f(u.u_exposure, edit.exposure);
      gl.uniform1f(u.u_contrast, edit.contrast);
      gl.uniform1f(u.u_fade, edit.fade);
      gl.uniform1f(u.u_saturation, edit.saturation);
      gl.uniform1f(u.u_skinTone, edit.skinTone);
      gl.uniform1f(u.u_temperature, edit.temperature);
      gl.uniform1f(u.u_tint, edit.tint);
      gl.uniform1f(u.u_grain, edit.grain);
      const gate = this.#gate;
      gl.uniform1i(u.u_hasGate, gate ? 1 : 0);
      gl.uniform2f(u.u_gateCentre, gate?.cx ?? 0, gate?.cy ?? 0);
      gl.uniform2f(u.u_gateRadii, gate?.rx ?? 0, gate?.ry ?? 0);
      gl.uniform1i(u.u_grainLevel, grainLevelForScale(Math.max(frame.scaleX, frame.scaleY), getGrainTile().length));
    }
    gl.drawArrays(gl.TRIANGLES, 0, 3);
  }

  readonly #onContextLost = (event: Event) => {
    event.preventDefault(); // tells the browser we will rebuild, so it restores the context
    this.#resources = null;
    this.#preview = null;
  };

  readonly #onContextRestored = () => {
    this.#resources = this.#createResources();
    if (this.#rendered) this.render(this.#lastValues);
  };
}

// ---------------------------------------------------------------------------------------------
// Canvas 2D

/**
 * Runs applyAdjustments over `input` (RGBA, width x height) into `output`; `frame` places these
 * pixels in the source for the skin gate and the grain.
 */
export function adjustPixels(
  input: Uint8ClampedArray,
  output: Uint8ClampedArray,
  frame: Frame,
  values: EditValues,
  gate: SkinGate | null,
  source: { width: number; height: number },
): void {
  const levels = getGrainTile();
  const grainLevel = grainLevelForScale(Math.max(frame.scaleX, frame.scaleY), levels.length);
  const needsGate = values.skinTone !== 0 && gate !== null;
  const needsGrain = values.grain !== 0;
  const rgb: [number, number, number] = [0, 0, 0];
  for (let y = 0; y < frame.outputHeight; y++) {
    const imageY = frame.originY + (y + 0.5) * frame.scaleY;
    for (let x = 0; x < frame.outputWidth; x++) {
      const imageX = frame.originX + (x + 0.5) * frame.scaleX;
      const i = (y * frame.outputWidth + x) * 4;
      rgb[0] = input[i]!;
      rgb[1] = input[i + 1]!;
      rgb[2] = input[i + 2]!;
      const gateHere = needsGate ? skinGateAt(gate, imageX / source.width, imageY / source.height) : 0;
      const grainHere = needsGrain ? grainSampleAt(levels, grainLevel, imageX, imageY) : 0.5;
      const [r, g, b] = applyAdjustments(rgb, values, gateHere, grainHere);
      output[i] = r;
      output[i + 1] = g;
      output[i + 2] = b;
      output[i + 3] = input[i + 3]!;
    }
  }
}

/**
 * Canvas 2D runs the reference in JavaScript, slower than a frame on a large preview. While paints
 * follow each other closely (a slider moving), it paints a draft: every 2nd, 3rd or 4th pixel each
 * way, as many as fit this budget, stretched to the canvas; the full preview follows once the
 * paints stop for CANVAS2D_SHARPEN_AFTER_MS.
 */
const CANVAS2D_FRAME_BUDGET_MS = 30;
export const CANVAS2D_SHARPEN_AFTER_MS = 150;
const CANVAS2D_MAX_DRAFT_STEP = 4;
/** Export tiles of the Canvas 2D renderer: each blocks the page for its JavaScript, so keep them small. */
const CANVAS2D_TILE_PX = 512;

class Canvas2dRenderer implements EditRenderer {
  readonly kind = 'canvas2d' as const;
  readonly #display: HTMLCanvasElement;
  readonly #context: CanvasRenderingContext2D;
  readonly #tileSize: number;
  readonly #drafts: boolean;
  #source: ImageBitmap | null = null;
  #gate: SkinGate | null = null;
  #preview: { pixels: ImageData; forWidth: number; forHeight: number } | null = null;
  #lastPaintEndedAt = -Infinity;
  #msPerPixel = 0;
  #sharpenTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(display: HTMLCanvasElement, options: RendererOptions) {
    const context = display.getContext('2d');
    if (!context) throw new Error('The browser has neither WebGL2 nor a 2D canvas');
    this.#display = display;
    this.#context = context;
    this.#tileSize = Math.min(options.maxTileSize ?? CANVAS2D_TILE_PX, CANVAS2D_TILE_PX);
    this.#drafts = options.drafts ?? true;
  }

  setSource(source: ImageBitmap): void {
    this.#source = source;
    this.#preview = null;
  }

  setSkinGate(gate: SkinGate | null): void {
    this.#gate = gate ? { ...gate } : null;
  }

  render(values: EditValues | null): void {
    this.#cancelSharpen();
    const moving = performance.now() - this.#lastPaintEndedAt < CANVAS2D_SHARPEN_AFTER_MS;
    const source = this.#source;
    if (!source) {
      this.#context.clearRect(0, 0, this.#display.width, this.#display.height);
      return;
    }
    const edit = values && hasAdjustments(values) ? values : null;
    const { pixels } = this.#previewPixels(source);
    let step = 1;
    if (edit && this.#drafts && moving) {
      const fullMs = this.#msPerPixel * pixels.width * pixels.height;
      step = Math.min(CANVAS2D_MAX_DRAFT_STEP, Math.ceil(Math.sqrt(fullMs / CANVAS2D_FRAME_BUDGET_MS)));
    }
    this.#paint(source, pixels, edit, step);
    if (step > 1) this.#sharpenTimer = setTimeout(() => this.#paint(source, pixels, edit, 1), CANVAS2D_SHARPEN_AFTER_MS);
  }

  async renderFull(values: EditValues, crop: PixelRect | null): Promise<CanvasLike> {
    const source = this.#source;
    if (!source) throw new Error('The editor has no image yet');
    const rect = exportRect(crop, source);
    const output = createCanvas(rect.width, rect.height);
    const outputContext = context2d(output);
    const scratch = createCanvas(Math.min(this.#tileSize, rect.width), Math.min(this.#tileSize, rect.height));
    const scratchContext = context2d(scratch, { willReadFrequently: true });
    for (const tile of tiles(rect.width, rect.height, this.#tileSize)) {
      const originX = rect.x + tile.x;
      const originY = rect.y + tile.y;
      scratchContext.clearRect(0, 0, tile.width, tile.height);
      scratchContext.drawImage(source, originX, originY, tile.width, tile.height, 0, 0, tile.width, tile.height);
      const pixels = scratchContext.getImageData(0, 0, tile.width, tile.height);
      const frame = { outputWidth: tile.width, outputHeight: tile.height, originX, originY, scaleX: 1, scaleY: 1 };
      if (hasAdjustments(values)) adjustPixels(pixels.data, pixels.data, frame, values, this.#gate, source);
      outputContext.putImageData(pixels, tile.x, tile.y);
      await yieldToPage();
    }
    return output;
  }

  dispose(): void {
    this.#cancelSharpen();
    this.#source = null;
    this.#preview = null;
  }

  /** Paints `pixels` (the preview's source), adjusted, taking every `step`-th pixel each way. */
  #paint(source: ImageBitmap, pixels: ImageData, values: EditValues | null, step: number): void {
    this.#sharpenTimer = null;
    const display = this.#display;
    let shown = pixels;
    if (values) {
      const started = performance.now();
      const input = step === 1 ? pixels : subsample(pixels, step);
      shown = new ImageData(input.width, input.height);
      const frame = {
        outputWidth: input.width,
        outputHeight: input.height,
        originX: 0,
        originY: 0,
        scaleX: (source.width / pixels.width) * step,
        scaleY: (source.height / pixels.height) * step,
      };
      adjustPixels(input.data, shown.data, frame, values, this.#gate, source);
      this.#msPerPixel = (performance.now() - started) / (input.width * input.height);
    }
    if (shown.width === display.width && shown.height === display.height) {
      this.#context.putImageData(shown, 0, 0);
    } else {
      // A draft, or a display larger than the photo: stretched to the canvas.
      const scratch = createCanvas(shown.width, shown.height);
      context2d(scratch).putImageData(shown, 0, 0);
      this.#context.imageSmoothingEnabled = true;
      this.#context.imageSmoothingQuality = 'low';
      this.#context.clearRect(0, 0, display.width, display.height);
      this.#context.drawImage(scratch, 0, 0, display.width, display.height);
    }
    this.#lastPaintEndedAt = performance.now();
  }

  #cancelSharpen(): void {
    if (this.#sharpenTimer !== null) clearTimeout(this.#sharpenTimer);
    this.#sharpenTimer = null;
  }

  #previewPixels(source: ImageBitmap) {
    const display = this.#display;
    if (this.#preview && this.#preview.forWidth === display.width && this.#preview.forHeight === display.height) return this.#preview;
    const { width, height } = previewSize(display, source);
    const scaled = drawScaled(source, width, height, SCALED_PREVIEW_SETTINGS);
    const pixels = context2d(scaled, SCALED_PREVIEW_SETTINGS).getImageData(0, 0, width, height);
    this.#preview = { pixels, forWidth: display.width, forHeight: display.height };
    return this.#preview;
  }
}

/** Every `step`-th pixel each way, from the middle of each step x step block. */
function subsample(pixels: ImageData, step: number): ImageData {
  const width = Math.ceil(pixels.width / step);
  const height = Math.ceil(pixels.height / step);
  const out = new ImageData(width, height);
  const middle = Math.floor(step / 2);
  for (let y = 0; y < height; y++) {
    const sourceY = Math.min(pixels.height - 1, y * step + middle);
    for (let x = 0; x < width; x++) {
      const sourceX = Math.min(pixels.width - 1, x * step + middle);
      const from = (sourceY * pixels.width + sourceX) * 4;
      out.data.set(pixels.data.subarray(from, from + 4), (y * width + x) * 4);
    }
  }
  return out;
}
