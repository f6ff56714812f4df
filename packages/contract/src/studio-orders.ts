import { z } from 'zod';
import { CROP_PRESET_LABELS, DEFAULT_EDIT_VALUES, EDIT_SLIDERS, type EditRecipe, editRecipe } from './editor';
import { studioPageQuery } from './studio';

/**
 * The studio's retouch order queue (issue 15 §4): paid retouch orders with their due time from the
 * turnaround, overdue first, and delivery by uploading the retouched files from the browser (matched
 * to the ordered photos by file name without extension, as `npm run studio -- deliver` does).
 */

export const STUDIO_ORDER_FILTERS = ['open', 'delivered', 'all'] as const;
export const studioOrderFilter = z.enum(STUDIO_ORDER_FILTERS);
export type StudioOrderFilter = z.infer<typeof studioOrderFilter>;

export const studioOrdersQuery = studioPageQuery.extend({
  status: studioOrderFilter.default('open').describe('open: not delivered yet, overdue first then by due time; delivered: newest delivery first; all: open ones first'),
});
export type StudioOrdersQuery = z.input<typeof studioOrdersQuery>;

const orderCustomer = z.object({ id: z.number(), email: z.string(), firstName: z.string(), lastName: z.string() });

export const studioOrderSummary = z
  .object({
    id: z.number(),
    orderId: z.string().describe('The order number customers see (SP-123)'),
    status: z.enum(['PENDING', 'DELIVERED']),
    createdAt: z.string(),
    dueAt: z.string().describe('Order time plus the turnaround (ISO 8601)'),
    deliveredAt: z.string().nullable(),
    overdue: z.boolean().describe('Not delivered and past its due time'),
    customer: orderCustomer,
    photos: z.number().describe('Ordered photos'),
    deliveredPhotos: z.number().describe('Ordered photos whose retouched file is in'),
    services: z.string().describe('"Professional touch-up ×2, Background replacement ×1"'),
    totalPrice: z.number().describe('Dollars'),
  })
  .register(z.globalRegistry, { id: 'StudioOrderSummary', description: 'A retouch order in the studio queue' });
export type StudioOrderSummary = z.infer<typeof studioOrderSummary>;

export const studioOrdersResponse = z
  .object({
    items: z.array(studioOrderSummary),
    total: z.number(),
    page: z.number(),
    pageSize: z.number(),
    overdue: z.number().describe('Open orders past their due time (whatever the filter)'),
  })
  .register(z.globalRegistry, { id: 'StudioOrdersPage' });
export type StudioOrdersResponse = z.infer<typeof studioOrdersResponse>;

export const studioOrderItem = z.object({
  itemId: z.number(),
  photoId: z.number(),
  photoName: z.string().describe('Delivered files are matched to this name (without extension, any case)'),
  sessionName: z.string(),
  serviceType: z.enum(['TOUCHUPSERVICE', 'BACKGROUNDSERVICE']),
  serviceLabel: z.string(),
  deliveredAt: z.string().nullable(),
  thumbUrl: z.string().describe('The version the customer sees now (signed, short-lived)'),
  originalUrl: z.string().describe('The original file to retouch (signed, short-lived)'),
  editedUrl: z.string().nullable().describe("The customer's own edit, when they made one"),
  editRecipe: editRecipe.nullable().describe("How the customer's edit was made, when there is one"),
});
export type StudioOrderItem = z.infer<typeof studioOrderItem>;

export const studioOrderDetail = studioOrderSummary
  .extend({ items: z.array(studioOrderItem) })
  .register(z.globalRegistry, { id: 'StudioOrderDetail', description: 'A retouch order with its photos' });
export type StudioOrderDetail = z.infer<typeof studioOrderDetail>;

/** Query of PUT /api/studio/orders/{id}/files: the uploaded file's name (the body is the file's bytes). */
export const studioDeliveryFileQuery = z.object({
  fileName: z
    .string()
    .trim()
    .min(1, 'Please give the file name.')
    .max(255, 'The file name is too long.')
    .refine((name) => !/[\\/\0]/.test(name), 'The file name must not contain a folder.'),
});

export const studioDeliveryResult = z
  .object({
    photoName: z.string().describe('The ordered photo the file was attached to'),
    fileName: z.string(),
    complete: z.boolean().describe('Every photo of the order has its file: the order is delivered'),
    customerMailed: z.boolean().describe('This upload completed the order and the customer was mailed'),
    missing: z.array(z.string()).describe('Ordered photos still without a file'),
  })
  .register(z.globalRegistry, { id: 'StudioDeliveryResult' });
export type StudioDeliveryResult = z.infer<typeof studioDeliveryResult>;

/** The largest retouched file the browser may upload (a 100 MP TIFF fits). */
export const MAX_DELIVERY_FILE_BYTES = 200 * 1024 * 1024;

/** File name without its extension, lower case: what a delivered file is matched on. */
export function deliveryMatchKey(fileName: string): string {
  const base = fileName.replace(/^.*[\\/]/, '');
  const dot = base.lastIndexOf('.');
  return (dot > 0 ? base.slice(0, dot) : base).toLowerCase();
}

/** What the customer's edit did, in words, for the retoucher (empty: no change). */
export function describeRecipe(recipe: EditRecipe): string[] {
  const lines: string[] = [];
  if (recipe.retouch) lines.push(`AI retouch ${Math.round(recipe.retouch.strength * 100)} %`);
  const background = recipe.background;
  if (background) {
    const what = background.kind === 'colour' ? `colour ${background.colour.toUpperCase()}` : background.kind === 'preset' ? 'a studio backdrop' : 'their own picture';
    lines.push(`Background: ${what}${background.opacity < 100 ? ` at ${background.opacity} %` : ''}`);
  }
  if (recipe.passport) lines.push(`Passport photo (${recipe.passport.document.toUpperCase()})`);
  if (recipe.crop) lines.push(`Crop: ${CROP_PRESET_LABELS[recipe.crop.preset]}`);
  for (const slider of EDIT_SLIDERS) {
    const change = Math.round((recipe.values[slider.name] - DEFAULT_EDIT_VALUES[slider.name]) * 10) / 10;
    if (change !== 0) lines.push(`${slider.label} ${change > 0 ? '+' : ''}${change}`);
  }
  return lines;
}
