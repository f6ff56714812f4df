import { loadSharp } from '../media/sharp';

/** Pictures for a fresh studio, drawn as SVG and rendered with sharp: no image files to ship. */

const WORDMARK_FONT = "'Helvetica Neue', Helvetica, Arial, sans-serif";

/** The studio's wordmark with an aperture mark; `tone` is the text colour. SVG, so it stays sharp. */
export function logoSvg(studioName: string, accentColor: string, tone: 'dark' | 'white'): Buffer {
  const text = tone === 'dark' ? '#1F1D2B' : '#FFFFFF';
  const width = 76 + Math.round(studioName.length * 17.5);
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="64" viewBox="0 0 ${width} 64">
  <circle cx="32" cy="32" r="24" fill="none" stroke="${accentColor}" stroke-width="6"/>
  <circle cx="32" cy="32" r="9" fill="${tone === 'dark' ? accentColor : '#FFFFFF'}"/>
  <text x="68" y="42" font-family="${WORDMARK_FONT}" font-size="30" font-weight="700" fill="${text}">${escapeXml(studioName)}</text>
</svg>`);
}

export interface Picture {
  width: number;
  height: number;
  colors: [string, string];
  caption?: string;
}

/** A soft two-colour gradient with light circles and an optional caption, as JPEG. */
export async function renderPicture({ width, height, colors, caption }: Picture): Promise<Buffer> {
  const [from, to] = colors;
  const captionSvg = caption
    ? `<rect x="0" y="${height - 150}" width="${width}" height="150" fill="url(#shade)"/>
  <text x="56" y="${height - 56}" font-family="${WORDMARK_FONT}" font-size="${Math.round(width / 24)}" font-weight="700" fill="#FFFFFF">${escapeXml(caption)}</text>`
    : '';
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>
    <linearGradient id="shade" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.45"/></linearGradient>
  </defs>
  <rect width="${width}" height="${height}" fill="url(#bg)"/>
  <circle cx="${width * 0.78}" cy="${height * 0.3}" r="${height * 0.34}" fill="#FFFFFF" fill-opacity="0.14"/>
  <circle cx="${width * 0.2}" cy="${height * 0.85}" r="${height * 0.42}" fill="#FFFFFF" fill-opacity="0.08"/>
  <circle cx="${width * 0.55}" cy="${height * 0.55}" r="${height * 0.12}" fill="#FFFFFF" fill-opacity="0.12"/>
  ${captionSvg}
</svg>`;
  const sharp = await loadSharp();
  return sharp(Buffer.from(svg)).jpeg({ quality: 82, mozjpeg: true }).toBuffer();
}

function escapeXml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
