import { describe, expect, it } from 'vitest';
import { addDays, daysFrom, isIsoDate, mondayOf, todayIn, weekRangeLabel } from './week';

describe('studio week days', () => {
  it('finds the Monday of a week, Sunday belonging to the week before', () => {
    expect(mondayOf('2026-11-26')).toBe('2026-11-23'); // a Thursday
    expect(mondayOf('2026-11-23')).toBe('2026-11-23');
    expect(mondayOf('2026-11-29')).toBe('2026-11-23'); // a Sunday
    expect(mondayOf('2027-01-01')).toBe('2026-12-28');
  });

  it('adds days across month ends and daylight-saving changes without losing one', () => {
    expect(addDays('2026-03-27', 7)).toBe('2026-04-03');
    expect(addDays('2026-10-19', 7)).toBe('2026-10-26');
    expect(addDays('2026-11-23', -7)).toBe('2026-11-16');
    expect(daysFrom('2026-10-23', 7)).toEqual(['2026-10-23', '2026-10-24', '2026-10-25', '2026-10-26', '2026-10-27', '2026-10-28', '2026-10-29']);
  });

  it("reads today on the studio's wall clock", () => {
    const now = new Date('2026-11-26T23:30:00Z');
    expect(todayIn('Europe/Berlin', now)).toBe('2026-11-27');
    expect(todayIn('America/New_York', now)).toBe('2026-11-26');
    expect(todayIn('Not/AZone', now)).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('checks dates and labels a week', () => {
    expect(isIsoDate('2026-11-23')).toBe(true);
    expect(isIsoDate('2026-13-45')).toBe(false);
    expect(isIsoDate('tomorrow')).toBe(false);
    expect(weekRangeLabel('2026-11-23', 7)).toBe('23 Nov – 29 Nov 2026');
  });
});
