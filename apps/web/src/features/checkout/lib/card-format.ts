import { isValidCardNumber } from '@studio-gallery/contract';

/** Digits only. */
export function digitsOf(value: string): string {
  return value.replace(/\D/g, '');
}

/** "4242424242424242" → "4242 4242 4242 4242" (at most 19 digits). */
export function formatCardNumber(value: string): string {
  return digitsOf(value)
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** "1230" → "12 / 30"; a lone first digit above 1 becomes "0d". */
export function formatExpiry(value: string): string {
  let digits = digitsOf(value).slice(0, 4);
  if (digits.length === 1 && Number(digits) > 1) digits = `0${digits}`;
  if (digits.length <= 2) return digits;
  return `${digits.slice(0, 2)} / ${digits.slice(2)}`;
}

/** The expiry as the server takes it, 'MM/YY', or null when it is not a valid month. */
export function expiryValue(value: string): string | null {
  const digits = digitsOf(value);
  if (digits.length !== 4) return null;
  const month = Number(digits.slice(0, 2));
  if (month < 1 || month > 12) return null;
  return `${digits.slice(0, 2)}/${digits.slice(2)}`;
}

export interface TestCardFields {
  number: string;
  expiry: string;
  cvc: string;
}

/** Complete when the number passes the Luhn check, the expiry is a month and the CVC has 3 or 4 digits. */
export function isCardComplete(fields: TestCardFields): boolean {
  return isValidCardNumber(digitsOf(fields.number)) && expiryValue(fields.expiry) !== null && /^\d{3,4}$/.test(fields.cvc);
}
