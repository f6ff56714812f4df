import { describe, expect, it } from 'vitest';
import { describeActivity, displayName } from './format';

describe('studio formatting', () => {
  it('says what a staff role change did', () => {
    expect(describeActivity('staff.role', { from: 'customer', to: 'admin', invited: true })).toBe('Invited as admin');
    expect(describeActivity('staff.role', { from: 'staff', to: 'admin', invited: false })).toBe('Role staff → admin');
    expect(describeActivity('staff.role', { from: 'staff', to: 'staff', invited: false })).toBe('Role set to staff');
    expect(describeActivity('staff.role', {})).toBe('Staff role set');
    expect(describeActivity('orders.deliver', { id: 4 })).toBe('orders.deliver');
  });

  it('names a person, or gives their email when the name is blank', () => {
    expect(displayName('Ana', 'Lima', 'ana@example.com')).toBe('Ana Lima');
    expect(displayName(' ', '', 'ana@example.com')).toBe('ana@example.com');
  });
});
