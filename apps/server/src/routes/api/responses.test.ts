import { type PagedPhotosResponse, pagedPhotosResponse, userSessionsPageQuery } from '@studio-gallery/contract';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fastSerializerCompiler, matchesEtag, memoizedQueryValidator, preferredEncoding } from './responses';

const photo = (id: number, retouched: boolean) => {
  const url = (file: string) => `/api/photo-media/${id}/${file}?v=abcDEF123_&exp=1764460800&sig=${'x'.repeat(32)}`;
  return {
    id,
    imageID: id,
    sessionId: 7,
    SessionId: 7,
    name: `Élodie "quoted" \\ ${id}\n.jpg`,
    imageName: `Élodie "quoted" \\ ${id}\n.jpg`,
    width: 4000,
    height: 6000,
    url: url('preview.jpg'),
    imageURL: url('preview.jpg'),
    OriginalImageURL: url('preview.jpg'),
    previewUrl: url('preview.jpg'),
    thumbnailUrl: url('thumb.webp'),
    imageThumbnail: url('thumb.webp'),
    thumbnail2xUrl: url('thumb2x.webp'),
    thumbnailSmallUrl: url('thumbsm.avif'),
    thumbnailAvifUrl: url('thumbavif.avif'),
    processedUrl: retouched ? url('retouched-preview.jpg') : null,
    RetouchImageURL: retouched ? url('retouched-preview.jpg') : null,
    processedThumbnailUrl: retouched ? url('retouched-thumb.webp') : null,
    processedThumbnail2xUrl: retouched ? url('retouched-thumb2x.webp') : null,
    processedThumbnailSmallUrl: retouched ? url('retouched-thumbsm.avif') : null,
    processedThumbnailAvifUrl: retouched ? url('retouched-thumbavif.avif') : null,
    isRetouched: retouched,
    isSkipped: false,
    isSkkipped: false,
    isUserFavourite: id % 2 === 0,
    favourite: id % 2 === 0,
    shared: false,
    selected: false,
    // The retouched one also edited (its processed* fields would then name edited- files).
    isEdited: retouched,
    editRecipe: retouched
      ? {
          version: 1 as const,
          values: { exposure: 0.3, contrast: -1, fade: 0, saturation: 2, skinTone: 0, temperature: -0.1, tint: 0, grain: 0.5 },
          crop: { preset: 'circle' as const, zoom: 30, x: 0.1, y: 0.2, width: 0.5, height: 0.5 },
          passport: null,
        }
      : null,
    editSourceUrl: url(retouched ? 'retouched-original.png' : 'original.jpg'),
  };
};

const page: PagedPhotosResponse = {
  items: [photo(1, true), photo(2, false)],
  page: 1,
  pageSize: 12,
  totalPages: 1,
  totalCount: 2,
  overallAllCount: 2,
  totalRetouchedCount: 1,
  totalOriginalCount: 1,
  totalLikedCount: 1,
  totalSkipCount: 0,
  showSinglePage: true,
};

const compile = (schema: z.ZodType) => fastSerializerCompiler({ schema, method: 'GET', url: '/x', httpStatus: '200' });

describe('fast response serializer', () => {
  it('writes what the zod serializer writes: every field of the contract, in its order', () => {
    const serialize = compile(pagedPhotosResponse);
    expect(serialize(page)).toBe(JSON.stringify(z.encode(pagedPhotosResponse, page)));
    expect(JSON.parse(serialize(page))).toEqual(page);
  });

  it('writes only the schema\'s fields, as zod does', () => {
    const serialize = compile(pagedPhotosResponse);
    const withExtra = { ...page, secret: 'x', items: page.items.map((p) => ({ ...p, media_key: 'photos/abc' })) };
    expect(serialize(withExtra)).toBe(serialize(page));
  });

  it('refuses a schema that is not zod', () => {
    expect(() => fastSerializerCompiler({ schema: { type: 'object' }, method: 'GET', url: '/x', httpStatus: '200' })).toThrow();
  });
});

describe('memoizedQueryValidator', () => {
  const validatorFor = (schema: z.ZodType) => memoizedQueryValidator({ schema, method: 'GET', url: '/x', httpPart: 'querystring' }) as (data: unknown) => { value?: unknown; error?: unknown };
  /** A fresh parsed query, as the query parser makes one per request. */
  const query = (fields: Record<string, string | string[]>) => Object.assign(Object.create(null) as object, fields);

  it('answers what zod answers, parsing a query it accepted once', () => {
    let parsed = 0;
    const validate = validatorFor(userSessionsPageQuery.transform((value) => ((parsed += 1), value)));
    const fields = { userId: '7', page: '2', pageSize: '12', flag: 'All', OrderBy: 'ASC' };
    const first = validate(query(fields));
    expect(first).toEqual({ value: z.parse(userSessionsPageQuery, fields) });
    expect(validate(query(fields))).toEqual(first);
    expect(validate(query(fields))).toEqual(first);
    expect(parsed).toBe(1);
    expect(Object.isFrozen(first.value)).toBe(true);
    // Another query, the same fields in another order, names given twice: each parsed.
    expect(validate(query({ ...fields, page: '3' })).value).toMatchObject({ page: 3 });
    expect(validate(query({ page: '2', userId: '7', pageSize: '12', flag: 'All', OrderBy: 'ASC' })).value).toEqual(first.value);
    expect(validate(query({ userId: '7', flag: ['All', 'Skip'] })).error).toBeDefined();
    expect(parsed).toBe(3);
    // Names and values that could run into each other do not share a key.
    expect(validate(query({ userId: '7', searchKey: '1' })).value).toMatchObject({ searchKey: '1' });
    expect(validate(query({ userId: '7', searchKey: '', '1': '' })).value).not.toMatchObject({ searchKey: '1' });
  });

  it('parses a refused query every time, answering zod\'s error', () => {
    let parsed = 0;
    const validate = validatorFor(userSessionsPageQuery.transform((value) => ((parsed += 1), value)));
    for (let i = 0; i < 3; i++) expect(validate(query({ userId: 'x' })).error).toBeDefined();
    expect(validate(query({ userId: '7', page: '0' })).error).toBeDefined();
    expect(parsed).toBe(0);
  });
});

describe('preferredEncoding', () => {
  it('prefers br, then gzip, honours q=0 and answers null for none or identity', () => {
    expect(preferredEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(preferredEncoding('gzip;q=1.0, br;q=0')).toBe('gzip');
    expect(preferredEncoding('BR;q=0.5')).toBe('br');
    expect(preferredEncoding('br;q=0.000, gzip;q=0')).toBeNull();
    expect(preferredEncoding('identity')).toBeNull();
    expect(preferredEncoding('deflate')).toBeNull();
    expect(preferredEncoding(undefined)).toBeNull();
    expect(preferredEncoding('')).toBeNull();
  });
});

describe('matchesEtag', () => {
  it('compares weakly, in lists, and with *', () => {
    expect(matchesEtag('W/"abc"', 'W/"abc"')).toBe(true);
    expect(matchesEtag('"abc"', 'W/"abc"')).toBe(true);
    expect(matchesEtag('"x", W/"abc"', 'W/"abc"')).toBe(true);
    expect(matchesEtag('*', 'W/"abc"')).toBe(true);
    expect(matchesEtag('W/"abcd"', 'W/"abc"')).toBe(false);
    expect(matchesEtag(undefined, 'W/"abc"')).toBe(false);
    expect(matchesEtag('', 'W/"abc"')).toBe(false);
  });
});
