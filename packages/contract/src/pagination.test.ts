import { describe, expect, it } from 'vitest';
import { describePaginationWindow, paginationWindow } from './pagination';

const show = (current: number, total: number) => describePaginationWindow(paginationWindow(current, total));

describe('paginationWindow (spec §9)', () => {
  it('is empty without pages', () => {
    expect(paginationWindow(1, 0)).toEqual([]);
  });

  it('shows every page when there are fewer than 10', () => {
    expect(show(1, 1)).toBe('1');
    expect(show(5, 9)).toBe('1 2 3 4 5 6 7 8 9');
  });

  it('shows the first 3, the current page and the last 3 from 10 pages on', () => {
    expect(show(1, 10)).toBe('1 2 3 … 8 9 10');
    expect(show(5, 10)).toBe('1 2 3 … 5 … 8 9 10');
    expect(show(10, 20)).toBe('1 2 3 … 10 … 18 19 20');
  });

  it('does not add a gap next to a current page adjacent to the edges', () => {
    expect(show(4, 20)).toBe('1 2 3 4 … 18 19 20');
    expect(show(17, 20)).toBe('1 2 3 … 17 18 19 20');
    expect(show(20, 20)).toBe('1 2 3 … 18 19 20');
  });

  it('clamps a current page outside the range', () => {
    expect(show(99, 12)).toBe('1 2 3 … 10 11 12');
    expect(show(-3, 12)).toBe('1 2 3 … 10 11 12');
  });

  it('gives every gap a unique key', () => {
    const keys = paginationWindow(10, 20).flatMap((i) => (i.type === 'gap' ? [i.key] : []));
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys).toHaveLength(2);
  });
});
