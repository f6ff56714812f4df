const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const shortDate = new Intl.DateTimeFormat('en-US', { day: 'numeric', month: 'short', year: 'numeric' });

/** Dollars as "$12.50". */
export function formatMoney(amount: number): string {
  return money.format(Number.isFinite(amount) ? amount : 0);
}

/** "3 Mar 2025"-style date; the raw text when it is not a date. */
export function formatDate(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : shortDate.format(date);
}

/** Invoice order id (spec §9): 'SP-' plus the id. */
export function formatOrderId(id: number): string {
  return `SP-${id}`;
}
