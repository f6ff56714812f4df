import { fileURLToPath } from 'node:url';
import { loadSharp, type SharpFactory } from '../media/sharp';

/**
 * The demo studio's portraits (issue 22 §3): one headshot session of one real person, the
 * public-domain NASA portrait of astronaut Eileen Collins shipped in apps/server/assets/demo-portraits/
 * (README.md there: where it comes from, its public-domain note, how its person mask was made). A
 * session is many shots of the same face, so every photo is that portrait framed, lit, coloured and
 * placed on a backdrop of its own; the editor's face tools (crop framing, passport check, AI retouch,
 * background replacement) then work on the demo as on a real shoot.
 *
 * Every picture is 800x1200 (2:3), the same for one seed on every run.
 */
export const DEMO_PORTRAIT_SIZE = { width: 800, height: 1200 } as const;

/**
 * The assets' folder: beside the sources under tsx (src/seed/ → ../../assets), or beside the bundle
 * (dist/server.js, scripts/build.mjs → ../assets).
 */
function assetsDir(): string {
  const here = import.meta.url;
  return fileURLToPath(new URL(here.endsWith('.ts') ? '../../assets/demo-portraits/' : '../assets/demo-portraits/', here));
}

/** The portrait as shipped is 512 px; it is worked on 3x (the size of its person mask). */
const SOURCE_SIZE = 512;
const WORK_SCALE = 3;
const WORK_SIZE = SOURCE_SIZE * WORK_SCALE;
/** Points on the 512 px portrait, measured by hand (e2e/fixtures/README.md): the face's centre and the top of the hair. */
const FACE_CENTRE = { x: 224.5, y: 127.5 };
const CROWN_Y = 15.5;

/** What the shots are made from, decoded once per process: the portrait 3x as raw RGB, and as RGBA with its person mask as alpha. */
interface Sources {
  sharp: SharpFactory;
  photo: RawImage;
  person: RawImage;
}
interface RawImage {
  data: Buffer;
  raw: { width: number; height: number; channels: 3 | 4 };
}
let sources: Promise<Sources> | undefined;

function loadSources(): Promise<Sources> {
  sources ??= (async () => {
    const sharp = await loadSharp();
    const dir = assetsDir();
    const photo = await sharp(`${dir}astronaut.jpg`).resize(WORK_SIZE, WORK_SIZE, { kernel: 'lanczos3' }).removeAlpha().sharpen({ sigma: 1.2 }).raw().toBuffer();
    const mask = await sharp(`${dir}astronaut-person-mask.png`).extractChannel(0).raw().toBuffer();
    const person = await sharp(photo, { raw: { width: WORK_SIZE, height: WORK_SIZE, channels: 3 } }).joinChannel(mask, { raw: { width: WORK_SIZE, height: WORK_SIZE, channels: 1 } }).raw().toBuffer();
    return {
      sharp,
      photo: { data: photo, raw: { width: WORK_SIZE, height: WORK_SIZE, channels: 3 } },
      person: { data: person, raw: { width: WORK_SIZE, height: WORK_SIZE, channels: 4 } },
    };
  })();
  sources.catch(() => (sources = undefined));
  return sources;
}

type Backdrop =
  /** A painted studio backdrop: lit centre, darker edges. */
  | { kind: 'painted'; light: string; edge: string }
  /** The portrait's own setting (the flag and the shuttle model), uncut. */
  | { kind: 'original' }
  /** The portrait's setting thrown out of focus and tinted, as outdoors with a wide aperture. */
  | { kind: 'bokeh'; hue: number; brightness: number };

/** One shot of the session. */
export interface Shot {
  /** Display pixels per pixel of the 512 px portrait: 2.3 is head and upper body, 3.6 a close headshot. */
  scale: number;
  /** Where the face's centre sits across the frame (0..1). */
  faceX: number;
  /** Pixels above the top of the hair. */
  headroom: number;
  backdrop: Backdrop;
  /** Exposure (1 as shot), white balance (> 0 warmer, < 0 cooler) and the side the key light comes from. */
  brightness: number;
  warmth: number;
  keyLight: 'left' | 'right';
}

const PAINTED: [string, string][] = [
  ['#B4B2B6', '#5C5A5E'],
  ['#A9C1D6', '#3D5872'],
  ['#E8DCCB', '#9A836B'],
  ['#6E6D72', '#1C1C20'],
  ['#F4F2F6', '#C4C2C9'],
  ['#C9D8C5', '#56684F'],
  ['#D9C3C8', '#7A4E58'],
  ['#BFC8E6', '#3C466E'],
];

/** The shot of a seed: framing, light, colour and backdrop vary; `outdoor` sessions use the portrait's setting. */
export function shotFor(seed: number, outdoor: boolean): Shot {
  const pick = (n: number, k: number) => (seed * k) % n;
  // The scale is at least what keeps the portrait's bottom edge below the frame (headroom + 496.5 px x scale >= 1200);
  // the headroom leaves a passport crop room above the hair (a close headshot's head is ~570 px high).
  const scale = 2.35 + pick(7, 3) * 0.2;
  const headroom = 90 + pick(5, 7) * 30;
  const backdrop: Backdrop = outdoor
    ? pick(3, 1) === 0
      ? { kind: 'original' }
      : { kind: 'bokeh', hue: [0, 40, 90, 200][pick(4, 5)]!, brightness: 0.85 + pick(4, 3) * 0.1 }
    : { kind: 'painted', light: PAINTED[pick(PAINTED.length, 5)]![0], edge: PAINTED[pick(PAINTED.length, 5)]![1] };
  return {
    scale,
    faceX: 0.42 + pick(5, 3) * 0.04,
    // The uncut setting has no room above the hair to give: the frame starts at the portrait's top.
    headroom: backdrop.kind === 'original' ? Math.floor(CROWN_Y * scale) : headroom,
    backdrop,
    brightness: 0.94 + pick(5, 7) * 0.03,
    warmth: (pick(5, 11) - 2) * 0.025,
    keyLight: pick(2, 3) === 0 ? 'left' : 'right',
  };
}

/** A studio portrait of the demo session; `retouched` is the studio's retouched version (brighter, warmer, richer colour). */
export async function demoPortrait(seed: number, outdoor: boolean, retouched = false): Promise<Buffer> {
  const { sharp, photo, person } = await loadSources();
  const shot = shotFor(seed, outdoor);
  const { width, height } = DEMO_PORTRAIT_SIZE;

  // Where the 512 px portrait lands in the frame, in display pixels, and the part of it inside the
  // frame (it is wider than the frame and reaches below it).
  const size = Math.round(SOURCE_SIZE * shot.scale);
  const left = Math.round(width * shot.faceX - FACE_CENTRE.x * shot.scale);
  const top = Math.round(shot.headroom - CROWN_Y * shot.scale);
  const at = { left: Math.max(0, left), top: Math.max(0, top) };
  const visible = { left: at.left - left, top: at.top - top, width: Math.min(size, width - left) - (at.left - left), height: Math.min(size, height - top) - (at.top - top) };
  // Cut first, then enlarged: the work is the frame's pixels, not the whole enlarged portrait's.
  const k = size / WORK_SIZE;
  const x0 = Math.floor(visible.left / k);
  const y0 = Math.floor(visible.top / k);
  const region = { left: x0, top: y0, width: Math.min(WORK_SIZE, Math.ceil((visible.left + visible.width) / k)) - x0, height: Math.min(WORK_SIZE, Math.ceil((visible.top + visible.height) / k)) - y0 };
  const place = async (image: RawImage): Promise<RawImage> => {
    const { data, info } = await sharp(image.data, { raw: image.raw })
      .extract(region)
      .resize(visible.width, visible.height, { fit: 'fill', kernel: 'lanczos3' })
      .raw()
      .toBuffer({ resolveWithObject: true });
    return { data, raw: { width: info.width, height: info.height, channels: image.raw.channels } };
  };

  let background: RawImage;
  if (shot.backdrop.kind === 'painted') {
    background = await rendered(sharp, paintedBackdropSvg(width, height, shot.backdrop.light, shot.backdrop.edge), 3);
  } else {
    // The setting where the person stands; above the portrait's top (the headroom) its edge is mirrored.
    const setting = await place(photo);
    let pipeline = sharp(setting.data, { raw: setting.raw }).extend({ top: at.top, extendWith: 'mirror' });
    if (shot.backdrop.kind === 'bokeh') pipeline = sharp(await pipeline.raw().toBuffer(), { raw: { width, height, channels: 3 } }).blur(28).modulate({ hue: shot.backdrop.hue, brightness: shot.backdrop.brightness, saturation: 0.8 });
    background = { data: await pipeline.raw().toBuffer(), raw: { width, height, channels: 3 } };
  }

  const layers: { input: Buffer; raw?: RawImage['raw']; left?: number; top?: number; blend?: 'soft-light' }[] = [];
  if (shot.backdrop.kind !== 'original') {
    const cutout = await place(person);
    layers.push({ input: cutout.data, raw: cutout.raw, ...at });
  }
  const keyLight = await rendered(sharp, keyLightSvg(width, height, shot.keyLight, retouched), 4);
  layers.push({ input: keyLight.data, raw: keyLight.raw, blend: 'soft-light' });
  const composed = await sharp(background.data, { raw: background.raw }).composite(layers).removeAlpha().raw().toBuffer();

  const warm = shot.warmth + (retouched ? 0.02 : 0);
  const image = sharp(composed, { raw: { width, height, channels: 3 } })
    .linear([1 + warm, 1, 1 - warm], [0, 0, 0])
    .modulate({ brightness: shot.brightness * (retouched ? 1.06 : 1), saturation: retouched ? 1.12 : 1 });
  return image.jpeg({ quality: 88 }).toBuffer();
}

/** SVG drawings rendered once per process (a handful: the backdrops' colours and the key light's sides). */
const drawings = new Map<string, Promise<RawImage>>();

function rendered(sharp: SharpFactory, svg: string, channels: 3 | 4): Promise<RawImage> {
  let drawing = drawings.get(svg);
  if (!drawing) {
    drawing = (async () => {
      const image = sharp(Buffer.from(svg));
      const { data, info } = await (channels === 3 ? image.removeAlpha() : image.ensureAlpha()).raw().toBuffer({ resolveWithObject: true });
      if (info.channels !== channels) throw new Error(`${channels} channels expected, ${info.channels} rendered`);
      return { data, raw: { width: info.width, height: info.height, channels } };
    })();
    drawings.set(svg, drawing);
  }
  return drawing;
}

/** A painted studio backdrop (as the built-in backdrops: media/backdrops.ts). */
function paintedBackdropSvg(width: number, height: number, light: string, edge: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <defs><radialGradient id="light" cx="0.5" cy="0.34" r="0.8"><stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="${edge}"/></radialGradient></defs>
  <rect width="${width}" height="${height}" fill="url(#light)"/>
</svg>`;
}

/** A soft key light from one side (blended soft-light: brighter that side, a touch darker the other). */
function keyLightSvg(width: number, height: number, side: 'left' | 'right', retouched: boolean): string {
  const [x1, x2] = side === 'left' ? [0, 1] : [1, 0];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <defs><linearGradient id="key" x1="${x1}" y1="0.2" x2="${x2}" y2="0.6">
    <stop offset="0" stop-color="#FFFFFF" stop-opacity="${retouched ? 0.45 : 0.35}"/>
    <stop offset="0.55" stop-color="#808080" stop-opacity="0"/>
    <stop offset="1" stop-color="#000000" stop-opacity="0.25"/>
  </linearGradient></defs>
  <rect width="${width}" height="${height}" fill="url(#key)"/>
</svg>`;
}
