import { describe, expect, it } from 'vitest';
import {
  dayPartOf,
  firstSelectableDay,
  formatAppointmentTime,
  formatCalendarDay,
  groupByDayPart,
  isPast,
  timeZoneLongName,
  timeZoneNote,
  wallClockHour,
} from './appointment-time';

const zone = 'America/Chicago';

describe('appointment times', () => {
  it('shows the studio wall clock, whatever the offset of the ISO text', () => {
    expect(formatAppointmentTime('2026-03-09T09:00:00-05:00', zone)).toBe('Monday, March 9, 2026 at 9:00 AM');
    expect(formatAppointmentTime('2026-03-09T14:00:00Z', zone)).toBe('Monday, March 9, 2026 at 9:00 AM');
    // Both 2026 daylight-saving days: 8 March (CST → CDT) and 1 November (CDT → CST).
    expect(formatAppointmentTime('2026-03-08T10:00:00-05:00', zone)).toBe('Sunday, March 8, 2026 at 10:00 AM');
    expect(formatAppointmentTime('2026-11-01T10:00:00-06:00', zone)).toBe('Sunday, November 1, 2026 at 10:00 AM');
    expect(formatAppointmentTime('not a date', zone)).toBe('not a date');
  });

  it('names the zone without its season', () => {
    expect(timeZoneLongName(zone, new Date('2026-01-10T12:00:00Z'))).toBe('Central Time');
    expect(timeZoneLongName(zone, new Date('2026-07-10T12:00:00Z'))).toBe('Central Time');
    expect(timeZoneNote(zone)).toBe('Times are in Central Time (America/Chicago)');
    expect(timeZoneLongName('Not/AZone')).toBe('Not/AZone');
  });

  it('groups slots into morning, afternoon and evening on the studio clock', () => {
    expect(wallClockHour('2026-03-09T17:40:00-05:00', zone)).toBe(17);
    expect(wallClockHour('2026-03-09T05:00:00Z', zone)).toBe(0);
    expect([dayPartOf(11), dayPartOf(12), dayPartOf(16), dayPartOf(17)]).toEqual(['Morning', 'Afternoon', 'Afternoon', 'Evening']);
    const slots = ['2026-03-09T09:00:00-05:00', '2026-03-09T13:20:00-05:00', '2026-03-09T11:40:00-05:00', '2026-03-09T18:00:00-05:00'].map((time) => ({ time }));
    expect(groupByDayPart(slots, zone)).toEqual([
      { part: 'Morning', slots: [slots[0], slots[2]] },
      { part: 'Afternoon', slots: [slots[1]] },
      { part: 'Evening', slots: [slots[3]] },
    ]);
    expect(groupByDayPart([slots[1]!], zone).map((g) => g.part)).toEqual(['Afternoon']);
  });

  it('lets days be chosen from today (UTC) on', () => {
    expect(firstSelectableDay(new Date('2026-03-05T23:30:00-06:00'))).toBe('2026-03-06');
    expect(firstSelectableDay(new Date('2026-03-05T00:10:00Z'))).toBe('2026-03-05');
  });

  it('formats a calendar day and knows the past', () => {
    expect(formatCalendarDay('2026-03-09')).toBe('Monday, March 9');
    expect(isPast('2026-03-01T00:00:00Z', new Date('2026-03-02T00:00:00Z'))).toBe(true);
    expect(isPast('2026-03-03T00:00:00Z', new Date('2026-03-02T00:00:00Z'))).toBe(false);
  });
});
