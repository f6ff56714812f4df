import { describe, expect, it } from 'vitest';
import { fakeJwt } from '../test/render';
import { childPath, FIRST_SCREEN_MAX_AGE_MS, usableFirstScreen, viewportBand, type FirstScreenContext, type StoredFirstScreen } from './first-screen-rules';

const NOW = 1_800_000_000_000;
const token = fakeJwt({ unique_name: '42', email: 'ana@example.com', id_token: 'abc', iat: 1, exp: NOW / 1000 + 3600 });
const screen: StoredFirstScreen = { build: '/assets/index-a.js', userId: '42', path: '/main', band: viewportBand(390), savedAt: NOW - 60_000, colorScheme: 'light', pictures: ['/api/photo-media/1/thumbavif.avif'], html: '<main>photos</main>' };
const context: FirstScreenContext = { screenPath: '/main', build: '/assets/index-a.js', userId: '42', token, location: { pathname: '/main', search: '', hash: '' }, width: 412, now: NOW };
const usable = (stored: Partial<StoredFirstScreen> | string | null, changes: Partial<FirstScreenContext> = {}) =>
  usableFirstScreen(typeof stored === 'string' || stored === null ? stored : JSON.stringify({ ...screen, ...stored }), { ...context, ...changes });

describe('usableFirstScreen', () => {
  it('gives the copy kept by this build, for this customer, on /main, in the same band of widths, this week', () => {
    expect(usable({})).toEqual(screen);
  });

  it('gives nothing for another build, customer, screen or band of widths', () => {
    expect(usable({ build: '/assets/index-b.js' })).toBeNull();
    expect(usable({ userId: '43' })).toBeNull();
    expect(usable({}, { userId: '43' })).toBeNull();
    expect(usable({}, { location: { pathname: '/main/favourites', search: '', hash: '' } })).toBeNull();
    expect(usable({}, { location: { pathname: '/main', search: '?page=2', hash: '' } })).toBeNull();
    expect(usable({}, { location: { pathname: '/main', search: '', hash: '#main-content' } })).toBeNull();
    expect(usable({}, { width: 800 })).toBeNull();
  });

  it('gives nothing when signed out or the token has expired', () => {
    expect(usable({}, { token: null })).toBeNull();
    expect(usable({}, { userId: null })).toBeNull();
    expect(usable({}, { token: fakeJwt({ unique_name: '42', email: 'a@b.c', id_token: 'x', iat: 1, exp: NOW / 1000 - 1 }) })).toBeNull();
    expect(usable({}, { token: 'not-a-token' })).toBeNull();
  });

  it('gives nothing for a copy a week old, from the future, or not a copy at all', () => {
    expect(usable({ savedAt: NOW - FIRST_SCREEN_MAX_AGE_MS })).toBeNull();
    expect(usable({ savedAt: NOW + 1000 })).toBeNull();
    expect(usable(null)).toBeNull();
    expect(usable('{not json')).toBeNull();
    expect(usable('"a string"')).toBeNull();
    expect(usable({ html: undefined })).toBeNull();
  });
});

describe('viewportBand', () => {
  it('changes at Mantine’s breakpoints', () => {
    expect([320, 575, 576, 767, 768, 991, 992, 1199, 1200, 1407, 1408, 2560].map(viewportBand)).toEqual([0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5]);
  });
});

describe('childPath', () => {
  it('finds a tap’s target on the copy again on the app, which has the same shape', () => {
    const copy = document.createElement('div');
    const app = document.createElement('div');
    copy.innerHTML = app.innerHTML = '<header><a>Home</a></header><main><p>x</p><div><input aria-label="Select A"><input aria-label="Select B"></div></main>';
    const target = copy.querySelector('[aria-label="Select B"]')!;
    const path = childPath(target, copy);
    expect(path).toEqual([1, 1, 1]);
    expect(path.reduce<Element | undefined>((at, index) => at?.children[index], app)?.getAttribute('aria-label')).toBe('Select B');
    expect(childPath(copy, copy)).toEqual([]);
  });
});
