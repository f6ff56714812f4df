import { describe, expect, it } from 'vitest';
import { galleryReducer, initialGalleryState, type GalleryState } from './gallery-state';

const withSelection = (over: Partial<GalleryState> = {}): GalleryState => ({ ...initialGalleryState(), page: 3, selected: [1, 2], ...over });

describe('gallery list rules (spec §4)', () => {
  it('starts on page 1 with 12 photos per page and nothing selected', () => {
    expect(initialGalleryState('Favorites')).toEqual({ flag: 'Favorites', page: 1, pageSize: 12, search: '', selected: [] });
  });

  it('a tab change goes to page 1 and clears the selection', () => {
    expect(galleryReducer(withSelection(), { type: 'setFlag', flag: 'Skip' })).toMatchObject({ flag: 'Skip', page: 1, selected: [] });
  });

  it('a page-size change goes to page 1 and clears the selection', () => {
    expect(galleryReducer(withSelection(), { type: 'setPageSize', pageSize: 24 })).toMatchObject({ pageSize: 24, page: 1, selected: [] });
  });

  it('a page change clears the selection', () => {
    expect(galleryReducer(withSelection(), { type: 'setPage', page: 4 })).toMatchObject({ page: 4, selected: [] });
  });

  it('a search applied on Enter goes to page 1 (trimmed)', () => {
    expect(galleryReducer(withSelection(), { type: 'applySearch', search: '  DSC ' })).toMatchObject({ search: 'DSC', page: 1, selected: [] });
  });

  it('choosing the same tab or size changes nothing', () => {
    const state = withSelection();
    expect(galleryReducer(state, { type: 'setFlag', flag: 'All' })).toBe(state);
    expect(galleryReducer(state, { type: 'setPageSize', pageSize: 12 })).toBe(state);
  });

  it('toggles, selects all and keeps only photos still on the page', () => {
    let state = galleryReducer(initialGalleryState(), { type: 'toggleSelected', id: 5 });
    expect(state.selected).toEqual([5]);
    state = galleryReducer(state, { type: 'toggleSelected', id: 5 });
    expect(state.selected).toEqual([]);
    state = galleryReducer(state, { type: 'setAllSelected', ids: [1, 2, 3], selected: true });
    expect(state.selected).toEqual([1, 2, 3]);
    state = galleryReducer(state, { type: 'keepSelected', ids: [2, 3, 4] });
    expect(state.selected).toEqual([2, 3]);
    expect(galleryReducer(state, { type: 'setAllSelected', ids: [2, 3], selected: false }).selected).toEqual([]);
  });
});
