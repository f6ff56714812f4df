let dateTimeFormat: Intl.DateTimeFormat | undefined;

/** "26 Nov 2026, 14:05" in the browser's time zone; the raw text when it is not a date. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  dateTimeFormat ??= new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });
  return dateTimeFormat.format(date);
}

/** A person's name, or their email when the name is blank. */
export function displayName(firstName: string, lastName: string, email: string): string {
  const name = `${firstName} ${lastName}`.trim();
  return name || email;
}

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
  return action;
}
