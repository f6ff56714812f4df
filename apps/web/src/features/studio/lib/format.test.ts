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

  it('names a person, or gives their email when the name is blank', () => {
    expect(displayName('Ana', 'Lima', 'ana@example.com')).toBe('Ana Lima');
    expect(displayName(' ', '', 'ana@example.com')).toBe('ana@example.com');
  });
});
