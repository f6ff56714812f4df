// The studio's date and name formats live in lib (the companies' screens use them too).
export { displayName, formatDateTime } from '../../../lib/studio-format';

/**
 * What an activity entry says it did, in words: 'staff.role' with its details reads "Invited as
 * admin" or "Role staff → admin"; actions this screen doesn't know yet show as they are recorded.
 */
export function describeActivity(action: string, details: Record<string, unknown>): string {
  if (action === 'staff.role') {
    const { from, to, invited } = details;
    if (typeof to !== 'string') return 'Staff role set';
    if (invited === true) return `Invited as ${to}`;
    return typeof from === 'string' && from !== to ? `Role ${from} → ${to}` : `Role set to ${to}`;
  }
  if (action === 'order.deliver') {
    const { photoName, fileName, complete } = details;
    if (typeof photoName !== 'string') return 'Retouched file delivered';
    return `Delivered ${photoName}${typeof fileName === 'string' ? ` (${fileName})` : ''}${complete === true ? ': order complete' : ''}`;
  }
  if (action === 'prices.update') {
    const { touchUpPriceCents, backgroundPriceCents, turnaroundHours, taxBasisPoints } = details;
    if (typeof touchUpPriceCents !== 'number' || typeof backgroundPriceCents !== 'number') return 'Prices set';
    const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;
    return `Prices set: touch-up ${dollars(touchUpPriceCents)}, background ${dollars(backgroundPriceCents)}, ${String(turnaroundHours)} h, tax ${typeof taxBasisPoints === 'number' ? taxBasisPoints / 100 : 0} %`;
  }
  if (action === 'coupon.create') {
    const { percent, active } = details;
    return typeof percent === 'number' ? `Coupon created: ${percent}% off${active === false ? ' (off)' : ''}` : 'Coupon created';
  }
  if (action === 'coupon.deactivate') return 'Coupon switched off';
  if (action === 'coupon.activate') return 'Coupon switched on';
  return ACTION_LABELS[action] ?? action;
}

/** What the studio's other recorded actions read as in the activity log (the subject says on what). */
const ACTION_LABELS: Record<string, string> = {
  'company.create': 'Company created',
  'company.update': 'Company updated',
  'company.image': 'Company picture uploaded',
  'company.image.remove': 'Company picture removed',
  'company.slider.add': 'Slider picture added',
  'company.slider.reorder': 'Slider pictures reordered',
  'company.slider.remove': 'Slider picture removed',
  'company.employee.add': 'Employee added',
  'company.employee.remove': 'Employee removed',
  'company.employee.import': 'Employees imported',
  'company.invite': 'Employees invited',
  'company.export': 'Company photos exported',
  'shoot.create': 'Shoot upload started',
  'shoot.import': 'Shoot import started',
  'customer.invite': 'Invitation sent',
  'session.rename': 'Session renamed',
  'session.delete': 'Session deleted',
  'photo.rename': 'Photo renamed',
  'photo.delete': 'Photo deleted',
  'job.retry': 'Background job retried',
  'backgrounds.add': 'Backdrop added',
  'backgrounds.enable': 'Backdrop shown',
  'backgrounds.disable': 'Backdrop hidden',
  'backgrounds.remove': 'Backdrop removed',
};
