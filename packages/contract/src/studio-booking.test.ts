import { describe, expect, it } from 'vitest';
import {
  calendarExceptionRequest,
  clockTimeMinutes,
  firstOverlap,
  isAppointmentTypeNumber,
  isCalendarDay,
  isIanaTimeZone,
  minutesToClockTime,
  studioBookingMessages,
  weekHoursRequest,
} from './studio-booking';

describe('booking settings rules', () => {
  it('reads times of day, 24:00 ending a day', () => {
    expect(clockTimeMinutes('09:00')).toBe(540);
    expect(clockTimeMinutes('9:30')).toBe(570);
    expect(clockTimeMinutes('24:00')).toBe(1440);
    for (const bad of ['24:01', '09:60', '9am', '', '0900', '-1:00']) expect(clockTimeMinutes(bad), bad).toBeNull();
    expect(minutesToClockTime(540)).toBe('09:00');
    expect(minutesToClockTime(1440)).toBe('24:00');
  });

  it('knows IANA zones and real dates', () => {
    expect(isIanaTimeZone('America/Chicago')).toBe(true);
    expect(isIanaTimeZone('Europe/Berlin')).toBe(true);
    expect(isIanaTimeZone('UTC')).toBe(true);
    for (const bad of ['CST', 'Mars/Base', '', 'America/Chicago ']) expect(isIanaTimeZone(bad), bad).toBe(false);
    expect(isCalendarDay('2028-02-29')).toBe(true);
    for (const bad of ['2026-02-29', '2026-13-01', '2026-1-01', '24.12.2026']) expect(isCalendarDay(bad), bad).toBe(false);
  });

  it('finds overlapping ranges; touching ones do not overlap', () => {
    expect(firstOverlap([{ from: '09:00', to: '12:00' }, { from: '12:00', to: '17:00' }])).toBe(-1);
    expect(firstOverlap([{ from: '09:00', to: '12:00' }, { from: '13:00', to: '14:00' }, { from: '11:00', to: '13:30' }])).toBe(2);
  });

  it('bounds appointment types to whole numbers', () => {
    expect(isAppointmentTypeNumber('durationMinutes', 20)).toBe(true);
    expect(isAppointmentTypeNumber('durationMinutes', 4)).toBe(false);
    expect(isAppointmentTypeNumber('capacity', 1.5)).toBe(false);
    expect(isAppointmentTypeNumber('priceCents', 0)).toBe(true);
  });

  it('refuses weeks with a weekday twice, overlapping or backwards ranges, and open days without hours', () => {
    const message = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues.map((i) => i.message);
    expect(weekHoursRequest.safeParse({ days: [{ weekday: 1, ranges: [{ from: '09:00', to: '12:00' }] }] }).success).toBe(true);
    expect(message(weekHoursRequest.safeParse({ days: [{ weekday: 1, ranges: [] }, { weekday: 1, ranges: [] }] }))).toEqual([studioBookingMessages.weekdayTwice]);
    expect(message(weekHoursRequest.safeParse({ days: [{ weekday: 2, ranges: [{ from: '10:00', to: '09:00' }] }] }))).toEqual([studioBookingMessages.rangeBackwards]);
    expect(message(calendarExceptionRequest.safeParse({ date: '2026-12-24', kind: 'open' }))).toEqual([studioBookingMessages.openNeedsHours]);
    expect(calendarExceptionRequest.parse({ date: '2026-12-24', kind: 'closed' })).toEqual({ date: '2026-12-24', kind: 'closed', ranges: [] });
  });
});
