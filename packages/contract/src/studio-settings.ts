import { z } from 'zod';
import { idPathParams } from './common';
import { surveyQuestion } from './surveys';
import { studioPageQuery } from './studio';

/**
 * The studio's settings screens (issue 15 §4): prices, turnaround and sales tax, coupons (admins
 * only), survey answers and the home screen's revenue chart (staff). The rules here are shared by the
 * forms, the API and the studio CLI (`npm run studio -- prices | coupon`).
 */

export const studioSettingsMessages = {
  priceRequired: 'Enter a price in dollars, such as 10 or 9.50.',
  priceInvalid: 'A price is an amount in dollars from 0 to 10000 with at most 2 decimals, such as 9.50.',
  turnaroundInvalid: 'Turnaround is a whole number of hours from 1 to 720.',
  taxInvalid: 'Sales tax is a percentage from 0 to 100 with at most 2 decimals, such as 8.25.',
  couponCodeInvalid: 'A coupon code is 2 to 64 letters, digits, - or _ (it is saved in upper case).',
  couponCodeTaken: 'A coupon with this code already exists.',
  couponPercentInvalid: 'The discount is a percentage from 1 to 100 with at most 2 decimals.',
  couponExpiryInvalid: 'Use a real date as YYYY-MM-DD.',
  couponMaxUsesInvalid: 'Max uses is a whole number from 1 to 1000000, or empty for no limit.',
  couponNotFound: 'No such coupon.',
  surveyNotFound: 'No such survey.',
} as const;

/** Whether a number has at most `places` decimals (9.95 yes, 9.955 no), despite binary floats. */
export function hasAtMostDecimals(value: number, places: number): boolean {
  const scaled = value * 10 ** places;
  return Math.abs(scaled - Math.round(scaled)) < 1e-6;
}

export const MAX_PRICE_DOLLARS = 10_000;
export const TURNAROUND_HOURS = { min: 1, max: 720 } as const;

/** Dollars, 0..10000 with at most 2 decimals. */
const dollars = z
  .number({ error: studioSettingsMessages.priceRequired })
  .min(0, studioSettingsMessages.priceInvalid)
  .max(MAX_PRICE_DOLLARS, studioSettingsMessages.priceInvalid)
  .refine((v) => hasAtMostDecimals(v, 2), studioSettingsMessages.priceInvalid);

/**
 * Sales tax as a percentage. Stored in basis points (tax_details.tax_basis_points, 8.25 % = 825), which
 * the checkout's integer arithmetic uses: hence at most 2 decimals.
 */
export const taxPercent = z
  .number({ error: studioSettingsMessages.taxInvalid })
  .min(0, studioSettingsMessages.taxInvalid)
  .max(100, studioSettingsMessages.taxInvalid)
  .refine((v) => hasAtMostDecimals(v, 2), studioSettingsMessages.taxInvalid);

export const turnaroundHours = z
  .number({ error: studioSettingsMessages.turnaroundInvalid })
  .int(studioSettingsMessages.turnaroundInvalid)
  .min(TURNAROUND_HOURS.min, studioSettingsMessages.turnaroundInvalid)
  .max(TURNAROUND_HOURS.max, studioSettingsMessages.turnaroundInvalid);

/** GET /api/studio/prices (admin): the default service provider's prices and turnaround, the sales tax. */
export const studioPrices = z
  .object({
    touchUpPrice: z.number().nullable().describe('Professional touch-up per photo, dollars; null: not set (not offered)'),
    backgroundPrice: z.number().nullable().describe('Background replacement per photo, dollars; null: not set'),
    turnaroundHours: z.number().int().describe('Promised turnaround, hours'),
    taxPercent: z.number().describe('Sales tax, percent (8.25)'),
  })
  .register(z.globalRegistry, { id: 'StudioPrices', description: "The studio's retouching prices, turnaround and sales tax" });
export type StudioPrices = z.infer<typeof studioPrices>;

/** PUT /api/studio/prices (admin): every value is set. */
export const studioPricesRequest = z.object({
  touchUpPrice: dollars.describe('Dollars, at most 2 decimals'),
  backgroundPrice: dollars.describe('Dollars, at most 2 decimals'),
  turnaroundHours: turnaroundHours.describe('Whole hours, 1 to 720'),
  taxPercent: taxPercent.describe('Percent, 0 to 100, at most 2 decimals'),
});
export type StudioPricesRequest = z.input<typeof studioPricesRequest>;

/** Dollars (at most 2 decimals) as whole cents. */
export function dollarsToCents(value: number): number {
  return Math.round(value * 100);
}
/** A percentage (at most 2 decimals) as hundredths of a percent (basis points for tax). */
export function percentToHundredths(value: number): number {
  return Math.round(value * 100);
}

// ---------------------------------------------------------------------------------------------
// Coupons

export const COUPON_CODE_PATTERN = /^[A-Z0-9_-]{2,64}$/;

/** A coupon code: trimmed, upper-cased, 2 to 64 of A-Z 0-9 - _. */
export const couponCode = z.string().trim().toUpperCase().regex(COUPON_CODE_PATTERN, studioSettingsMessages.couponCodeInvalid);

export const couponPercent = z
  .number({ error: studioSettingsMessages.couponPercentInvalid })
  .min(1, studioSettingsMessages.couponPercentInvalid)
  .max(100, studioSettingsMessages.couponPercentInvalid)
  .refine((v) => hasAtMostDecimals(v, 2), studioSettingsMessages.couponPercentInvalid);

/** A calendar date YYYY-MM-DD that exists. */
export function isIsoDate(value: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);
}

export const couponExpiry = z.string().trim().refine(isIsoDate, studioSettingsMessages.couponExpiryInvalid);

export const couponMaxUses = z
  .number({ error: studioSettingsMessages.couponMaxUsesInvalid })
  .int(studioSettingsMessages.couponMaxUsesInvalid)
  .min(1, studioSettingsMessages.couponMaxUsesInvalid)
  .max(1_000_000, studioSettingsMessages.couponMaxUsesInvalid);

/** POST /api/studio/coupons (admin), and the CLI's `coupon` command. */
export const studioCouponRequest = z.object({
  code: couponCode.describe('Letters, digits, - and _ (2 to 64); saved upper-cased, unique'),
  percent: couponPercent.describe('Discount, percent (1 to 100, at most 2 decimals), off the tax-inclusive total'),
  expiresOn: couponExpiry.nullable().optional().describe('Last day it works (through the end of that day, UTC); none: never expires'),
  maxUses: couponMaxUses.nullable().optional().describe('How many orders may use it; none: no limit'),
  active: z.boolean().default(true).describe('False: created switched off'),
});
export type StudioCouponRequest = z.input<typeof studioCouponRequest>;
export type StudioCouponInput = z.output<typeof studioCouponRequest>;

/** When a coupon made with `expiresOn` stops working: the end of that day, UTC (as the CLI always did). */
export function couponExpiresAt(expiresOn: string): Date {
  return new Date(`${expiresOn}T23:59:59.999Z`);
}

export const COUPON_STATES = ['active', 'inactive', 'expired', 'used-up'] as const;

export const studioCoupon = z
  .object({
    id: z.number(),
    code: z.string(),
    percent: z.number().describe('Discount, percent'),
    active: z.boolean().describe('Switched on (it may still be expired or used up: see state)'),
    state: z.enum(COUPON_STATES).describe('What a customer entering it now gets: active, inactive (switched off), expired or used-up'),
    expiresAt: z.string().nullable().describe('When it stops working (ISO 8601, UTC); null: never'),
    maxUses: z.number().nullable().describe('Null: no limit'),
    uses: z.number().describe('Orders that used it (paid, or free with it)'),
    held: z.number().describe('Uses held by open card payments not yet paid'),
    createdAt: z.string(),
  })
  .register(z.globalRegistry, { id: 'StudioCoupon', description: 'A coupon as the studio manages it' });
export type StudioCoupon = z.infer<typeof studioCoupon>;
export const studioCouponsResponse = z
  .object({ items: z.array(studioCoupon) })
  .register(z.globalRegistry, { id: 'StudioCoupons', description: 'Every coupon, newest first' });
export type StudioCouponsResponse = z.infer<typeof studioCouponsResponse>;
export const studioCouponParams = idPathParams;

// ---------------------------------------------------------------------------------------------
// Surveys

export const studioSurvey = z
  .object({
    id: z.number(),
    formKey: z.string(),
    title: z.string(),
    active: z.boolean(),
    createdAt: z.string(),
    responseCount: z.number(),
    questions: z.array(surveyQuestion),
  })
  .register(z.globalRegistry, { id: 'StudioSurvey', description: 'A survey with its questions and how many answered it' });
export type StudioSurvey = z.infer<typeof studioSurvey>;
export const studioSurveysResponse = z
  .object({ items: z.array(studioSurvey) })
  .register(z.globalRegistry, { id: 'StudioSurveys', description: 'Every survey, oldest first' });
export type StudioSurveysResponse = z.infer<typeof studioSurveysResponse>;
export const studioSurveyParams = idPathParams;

export const studioSurveyResponsesQuery = studioPageQuery;
export const studioSurveyResponse = z
  .object({
    id: z.string().describe('The form response id'),
    submittedAt: z.string(),
    email: z.string(),
    sessionCode: z.string().describe("The entry link's session code ('' when none)"),
    answers: z.record(z.string(), z.string()).describe('Answers by question id (skipped optional questions left out)'),
  })
  .register(z.globalRegistry, { id: 'StudioSurveyResponse', description: "A customer's answers to a survey" });
export type StudioSurveyResponse = z.infer<typeof studioSurveyResponse>;
export const studioSurveyResponsesPage = z
  .object({ items: z.array(studioSurveyResponse), total: z.number() })
  .register(z.globalRegistry, { id: 'StudioSurveyResponsesPage', description: "A page of a survey's answers, newest first" });
export type StudioSurveyResponsesPage = z.infer<typeof studioSurveyResponsesPage>;

// ---------------------------------------------------------------------------------------------
// Revenue (the home screen's chart)

export const studioRevenueQuery = z.object({
  weeks: z.coerce.number().int().min(1).max(104).default(12).describe('How many ISO weeks, the current one last'),
});
export type StudioRevenueQuery = z.input<typeof studioRevenueQuery>;
export const studioRevenueWeek = z
  .object({
    week: z.string().describe('ISO week, e.g. 2026-W49'),
    start: z.string().describe('Its Monday (YYYY-MM-DD, studio time zone)'),
    orders: z.number().describe('Paid orders (card payments recorded)'),
    revenueCents: z.number().describe('What they were paid, cents'),
  })
  .register(z.globalRegistry, { id: 'StudioRevenueWeek', description: 'Paid orders and revenue of one ISO week' });
export type StudioRevenueWeek = z.infer<typeof studioRevenueWeek>;
export const studioRevenueResponse = z
  .object({
    timeZone: z.string().describe("The studio's time zone the weeks are counted in"),
    weeks: z.array(studioRevenueWeek).describe('Oldest first; weeks without orders are zero'),
  })
  .register(z.globalRegistry, { id: 'StudioRevenue', description: 'Paid orders and revenue per ISO week' });
export type StudioRevenueResponse = z.infer<typeof studioRevenueResponse>;
