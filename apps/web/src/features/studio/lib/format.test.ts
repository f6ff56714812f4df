import { describe, expect, it } from 'vitest';
import { describeActivity, displayName } from './format';

describe('studio formatting', () => {
  it('says what a staff role change did', () => {
    expect(describeActivity('staff.role', { from: 'customer', to: 'admin', invited: true })).toBe('Invited as admin');
    expect(describeActivity('staff.role', { from: 'staff', to: 'admin', invited: false })).toBe('Role staff → admin');
    expect(describeActivity('staff.role', { from: 'staff', to: 'staff', invited: false })).toBe('Role set to staff');
    expect(describeActivity('staff.role', {})).toBe('Staff role set');
    expect(describeActivity('orders.unknown', { id: 4 })).toBe('orders.unknown');
  });

  it('says which photo a delivered file went to', () => {
    expect(describeActivity('order.deliver', { photoName: 'IMG_0002', fileName: 'img_0002.PNG', complete: false })).toBe('Delivered IMG_0002 (img_0002.PNG)');
    expect(describeActivity('order.deliver', { photoName: 'IMG_0003', fileName: 'IMG_0003.jpg', complete: true })).toBe('Delivered IMG_0003 (IMG_0003.jpg): order complete');
    expect(describeActivity('order.deliver', {})).toBe('Retouched file delivered');
  });

  it("reads the studio's other actions in words", () => {
    expect(describeActivity('shoot.import', { shootId: 3 })).toBe('Shoot import started');
    expect(describeActivity('company.employee.import', {})).toBe('Employees imported');
    expect(describeActivity('job.retry', {})).toBe('Background job retried');
  });

  it('says what a prices or coupon change did', () => {
    expect(describeActivity('prices.update', { touchUpPriceCents: 1250, backgroundPriceCents: 900, turnaroundHours: 48, taxBasisPoints: 825 })).toBe(
      'Prices set: touch-up $12.50, background $9.00, 48 h, tax 8.25 %',
    );
    expect(describeActivity('prices.update', {})).toBe('Prices set');
    expect(describeActivity('coupon.create', { percent: 15, active: true })).toBe('Coupon created: 15% off');
    expect(describeActivity('coupon.create', { percent: 100, active: false })).toBe('Coupon created: 100% off (off)');
    expect(describeActivity('coupon.deactivate', { couponId: 3 })).toBe('Coupon switched off');
    expect(describeActivity('coupon.activate', { couponId: 3 })).toBe('Coupon switched on');
  });

  it('names a person, or gives their email when the name is blank', () => {
    expect(displayName('Ana', 'Lima', 'ana@example.com')).toBe('Ana Lima');
    expect(displayName(' ', '', 'ana@example.com')).toBe('ana@example.com');
  });
});
