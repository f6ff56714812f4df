// Made on first use: building an Intl formatter costs milliseconds (locale data), and this module is
// part of the gallery's first screen, which may never show a price or a date.
let money: Intl.NumberFormat | undefined;
let shortDate: Intl.DateTimeFormat | undefined;

/** Dollars as "$12.50". */
export function formatMoney(amount: number): string {
  money ??= new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
  return money.format(Number.isFinite(amount) ? amount : 0);
}

/** "3 Mar 2025"-style date; the raw text when it is not a date. */
export function formatDate(value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  shortDate ??= new Intl.DateTimeFormat('en-US', { day: 'numeric', month: 'short', year: 'numeric' });
  return shortDate.format(date);
}

/** Invoice order id (spec §9): 'SP-' plus the id. */
export function formatOrderId(id: number): string {
  return `SP-${id}`;
}
