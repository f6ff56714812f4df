import { describe, expect, it } from 'vitest';
import { addMonthsUtc, endOfDayUtc, expiryReminderDueFrom, galleryExpiryFrom, galleryLifecycleMessages, sessionExpiryRequest } from './gallery-lifecycle';

describe('the gallery lifecycle rules', () => {
  it('adds calendar months, keeping the time and clamping to the last day of a shorter month', () => {
    expect(addMonthsUtc(new Date('2026-11-26T17:15:30.123Z'), 12).toISOString()).toBe('2027-11-26T17:15:30.123Z');
    expect(addMonthsUtc(new Date('2027-01-31T08:00:00.000Z'), 1).toISOString()).toBe('2027-02-28T08:00:00.000Z');
    expect(addMonthsUtc(new Date('2028-02-29T00:00:00.000Z'), 12).toISOString()).toBe('2029-02-28T00:00:00.000Z');
    expect(addMonthsUtc(new Date('2026-12-15T00:00:00.000Z'), 2).toISOString()).toBe('2027-02-15T00:00:00.000Z');
  });

  it('hosts a gallery 12 months and reminds 14 days before its expiry', () => {
    const expiry = galleryExpiryFrom(new Date('2026-03-12T10:00:00.000Z'));
    expect(expiry.toISOString()).toBe('2027-03-12T10:00:00.000Z');
    expect(expiryReminderDueFrom(expiry).toISOString()).toBe('2027-02-26T10:00:00.000Z');
    expect(endOfDayUtc('2027-03-12').toISOString()).toBe('2027-03-12T23:59:59.999Z');
  });

  it('takes an existing YYYY-MM-DD day only', () => {
    expect(sessionExpiryRequest.parse({ expiresOn: '2027-03-12' })).toEqual({ expiresOn: '2027-03-12' });
    for (const expiresOn of ['2027-02-30', '12/03/2027', '2027-3-12', '', 20270312, undefined]) {
      const result = sessionExpiryRequest.safeParse({ expiresOn });
      expect(result.success, String(expiresOn)).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(galleryLifecycleMessages.invalidDate);
    }
  });
});
