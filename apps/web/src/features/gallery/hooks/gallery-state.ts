import { useReducer } from 'react';
import { GALLERY_PAGE_SIZES, type GalleryFlag } from '@studio-gallery/contract';

/** What the gallery screen shows: tab, page, page size, applied search and the selection. */
export interface GalleryState {
  flag: GalleryFlag;
  page: number;
  pageSize: number;
  /** The search applied (on Enter); the text field keeps its own draft. */
  search: string;
  /** Selected photo ids (always photos of the page on screen: a page change clears them). */
  selected: number[];
}

export type GalleryAction =
  | { type: 'setFlag'; flag: GalleryFlag }
  | { type: 'setPage'; page: number }
  | { type: 'setPageSize'; pageSize: number }
  | { type: 'applySearch'; search: string }
  | { type: 'toggleSelected'; id: number }
  | { type: 'setAllSelected'; ids: number[]; selected: boolean }
  | { type: 'clearSelection' }
  | { type: 'keepSelected'; ids: number[] };

export const DEFAULT_PAGE_SIZE: number = GALLERY_PAGE_SIZES[0];

export function initialGalleryState(flag: GalleryFlag = 'All'): GalleryState {
  return { flag, page: 1, pageSize: DEFAULT_PAGE_SIZE, search: '', selected: [] };
}

/**
 * The list rules of spec §4: a tab or page-size change goes to page 1 and clears the selection; a
 * page change clears the selection; a search applied on Enter goes to page 1.
 */
export function galleryReducer(state: GalleryState, action: GalleryAction): GalleryState {
  switch (action.type) {
    case 'setFlag':
      if (action.flag === state.flag) return state;
      return { ...state, flag: action.flag, page: 1, selected: [] };
    case 'setPageSize':
      if (action.pageSize === state.pageSize) return state;
      return { ...state, pageSize: action.pageSize, page: 1, selected: [] };
    case 'setPage':
      if (action.page === state.page) return state;
      return { ...state, page: Math.max(1, action.page), selected: [] };
    case 'applySearch': {
      const search = action.search.trim();
      return { ...state, search, page: 1, selected: search === state.search ? state.selected : [] };
    }
    case 'toggleSelected':
      return {
        ...state,
        selected: state.selected.includes(action.id) ? state.selected.filter((id) => id !== action.id) : [...state.selected, action.id],
      };
    case 'setAllSelected':
      return { ...state, selected: action.selected ? [...action.ids] : [] };
    case 'clearSelection':
      return state.selected.length === 0 ? state : { ...state, selected: [] };
    case 'keepSelected': {
      // After a reload: drop ids that left the page (skipped away, unfavourited on Favorites, …).
      const kept = state.selected.filter((id) => action.ids.includes(id));
      return kept.length === state.selected.length ? state : { ...state, selected: kept };
    }
  }
}

export function useGalleryState(flag: GalleryFlag) {
  return useReducer(galleryReducer, flag, initialGalleryState);
}
