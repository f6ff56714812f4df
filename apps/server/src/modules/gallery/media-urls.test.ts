import { describe, expect, it } from 'vitest';
import { MediaUrlSigner } from './media-urls';
import { mediaVersion } from './photo-media';

const PUBLIC_URL = 'https://photos.example-studio.com';
const claims = { photoId: 42, variant: 'original' as const, file: 'thumb' as const, extension: 'webp', version: 'abcDEF123_' };

function signerAt(iso: string, secret = 's'.repeat(48)) {
  return new MediaUrlSigner(secret, () => new Date(iso));
}

describe('signed media URLs', () => {
  it('round-trip, and stay the same all day (expiry rounded up to a UTC midnight, 7 to 8 days out)', () => {
    const morning = signerAt('2026-11-22T00:00:01Z').sign(claims);
    const evening = signerAt('2026-11-22T23:59:59Z').sign(claims);
    expect(evening).toBe(morning);
    expect(morning).toMatch(/^\/api\/photo-media\/42\/thumb\.webp\?v=abcDEF123_&exp=\d+&sig=[\w-]{32}$/);
    const exp = Number(new URL(morning, PUBLIC_URL).searchParams.get('exp'));
    expect(new Date(exp * 1000).toISOString()).toBe('2026-11-30T00:00:00.000Z');
    expect(signerAt('2026-11-23T00:00:01Z').sign(claims)).not.toBe(morning);

    const parsed = signerAt('2026-11-25T12:00:00Z').parse(morning, PUBLIC_URL);
    expect(parsed).toEqual({ ok: true, claims: { ...claims, expires: exp }, expired: false });
    expect(signerAt('2026-11-25T12:00:00Z').parse(`${PUBLIC_URL}${morning}`, PUBLIC_URL).ok).toBe(true);
    expect(signerAt('2026-12-01T00:00:00Z').parse(morning, PUBLIC_URL)).toMatchObject({ ok: true, expired: true });
    expect(signerAt('2026-11-22T12:00:00Z').sign({ ...claims, variant: 'retouched' })).toContain('/42/retouched-thumb.webp?');
  });

  it('refuse anything that is not exactly one of ours', () => {
    const signer = signerAt('2026-11-22T12:00:00Z');
    const url = signer.sign(claims);
    const bad = [
      url.replace('/42/', '/43/'),
      url.replace('thumb.webp', 'hr.jpg'),
      url.replace('thumb.webp', 'thumb.jpg'),
      url.replace(/sig=[\w-]+/, 'sig=x'),
      url.replace('/api/photo-media/', '/api/photo-media/../photo-media/'),
      url.replace('/api/photo-media/', '/api/photo-media/%2e%2e/'),
      url.replace('/api/', '/api//'),
      url.replace('/api/', '\\api/'),
      `https://evil.example.com${url}`,
      `http://photos.example-studio.com${url}`,
      `https://photos.example-studio.com:8443${url}`,
      `https://user@photos.example-studio.com${url}`,
      `//evil.example.com${url}`,
      `http://127.0.0.1${url}`,
      `javascript:alert(1)//${url}`,
      '',
    ];
    for (const input of bad) expect(signer.parse(input, PUBLIC_URL).ok, input).toBe(false);
    // Another secret (another installation) signs differently.
    expect(signerAt('2026-11-22T12:00:00Z', 't'.repeat(48)).parse(url, PUBLIC_URL).ok).toBe(false);
  });

  it("mark the studio's URLs in the signature: the mark can be neither added nor removed", () => {
    const signer = signerAt('2026-11-22T12:00:00Z');
    const studio = signer.signForStudio(claims);
    expect(studio).toContain('&for=studio&sig=');
    expect(signer.parse(studio, PUBLIC_URL)).toMatchObject({ ok: true, claims: { ...claims, audience: 'studio' } });
    const customers = signer.sign(claims);
    expect(signer.parse(customers, PUBLIC_URL)).toMatchObject({ ok: true });
    expect(signer.parse(customers, PUBLIC_URL)).not.toHaveProperty('claims.audience');
    for (const forged of [studio.replace('&for=studio', ''), customers.replace('&sig=', '&for=studio&sig='), studio.replace('for=studio', 'for=admin')]) {
      expect(signer.parse(forged, PUBLIC_URL).ok, forged).toBe(false);
    }
  });

  it('build a page\'s URLs once per version and expiry, exactly as sign() would, and follow a new folder', () => {
    let now = new Date('2026-11-22T12:00:00Z');
    const signer = new MediaUrlSigner('s'.repeat(48), () => now);
    const folder = 'photos/0123456789abcdef0123456789abcdef';
    const expires = signer.galleryExpiry();
    const urls = signer.versionUrls(42, 'retouched', folder, expires);
    const one = (file: 'preview' | 'thumbsm' | 'thumbavif' | 'thumb' | 'thumb2x', extension: string) =>
      signer.sign({ photoId: 42, variant: 'retouched', file, extension, version: mediaVersion(folder) });
    expect(urls).toEqual({
      preview: one('preview', 'jpg'),
      thumbSmall: one('thumbsm', 'avif'),
      thumbAvif: one('thumbavif', 'avif'),
      thumb: one('thumb', 'webp'),
      thumb2x: one('thumb2x', 'webp'),
    });
    for (const url of Object.values(urls)) expect(signer.parse(url, PUBLIC_URL)).toMatchObject({ ok: true, expired: false });
    // The same call again answers from the cache: the same strings.
    expect(signer.versionUrls(42, 'retouched', folder, expires)).toBe(urls);
    // A new retouch (a new folder) and another photo get their own URLs.
    const other = signer.versionUrls(42, 'retouched', 'photos/ffffffffffffffffffffffffffffffff', expires);
    expect(other.preview).not.toBe(urls.preview);
    expect(signer.parse(other.preview, PUBLIC_URL)).toMatchObject({ ok: true, claims: { version: mediaVersion('photos/ffffffffffffffffffffffffffffffff') } });
    expect(signer.versionUrls(43, 'retouched', folder, expires).preview).toContain('/43/retouched-preview.jpg?');
    expect(signer.versionUrls(42, 'original', folder, expires).thumb).toContain('/42/thumb.webp?');
    // The next day's expiry signs anew.
    now = new Date('2026-11-23T12:00:00Z');
    expect(signer.galleryExpiry()).toBe(expires + 24 * 60 * 60);
    expect(signer.versionUrls(42, 'retouched', folder, signer.galleryExpiry()).preview).toContain(`exp=${expires + 24 * 60 * 60}&`);
  });

  it('name an edited version edited-<file>, distinct from the same file of the other versions', () => {
    const signer = signerAt('2026-11-22T12:00:00Z');
    const edited = signer.sign({ ...claims, variant: 'edited' });
    expect(edited).toMatch(/^\/api\/photo-media\/42\/edited-thumb\.webp\?v=abcDEF123_&exp=\d+&sig=[\w-]{32}$/);
    expect(signer.parse(edited, PUBLIC_URL)).toMatchObject({ ok: true, claims: { variant: 'edited', file: 'thumb' } });
    // Another version's prefix on the same signature does not open it.
    for (const forged of [edited.replace('edited-', ''), edited.replace('edited-', 'retouched-'), signer.sign(claims).replace('/thumb', '/edited-thumb')]) {
      expect(signer.parse(forged, PUBLIC_URL).ok, forged).toBe(false);
    }
  });

  it('point the editor at a version\'s untouched original, or its preview when that is a TIFF', () => {
    const signer = signerAt('2026-11-22T12:00:00Z');
    const folder = 'photos/0123456789abcdef0123456789abcdef';
    const expires = signer.galleryExpiry();
    const source = signer.editSourceUrl(42, 'retouched', folder, 'png', expires);
    expect(source).toContain('/42/retouched-original.png?');
    expect(signer.parse(source, PUBLIC_URL)).toMatchObject({ ok: true, claims: { variant: 'retouched', file: 'original', extension: 'png' } });
    expect(signer.editSourceUrl(42, 'retouched', folder, 'png', expires)).toBe(source);
    expect(signer.editSourceUrl(43, 'original', folder, 'tif', expires)).toBe(signer.versionUrls(43, 'original', folder, expires).preview);
  });
});
