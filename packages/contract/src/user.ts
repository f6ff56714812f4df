import { z } from 'zod';
import { idParam, successResponse } from './common';
import { messages } from './messages';
import { userRole } from './studio';

/** Profile fields, shared by the settings form and PUT /users/UpdateUserDetailsWithImage. */
const firstNameValue = z.string().trim().min(1, messages.firstNameRequired).max(80);
const lastNameValue = z.string().trim().min(1, messages.lastNameRequired).max(80);
const contactNumberValue = z.string().trim().max(30).regex(/^[+\d\s().-]*$/, messages.contactNumberInvalid);

/** User (§3). Email is read-only. */
export const userDetails = z
  .object({
    id: z.number(),
    userId: z.number(),
    login: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    contactNumber: z.string().nullable(),
    imageUrl: z.string().nullable().describe('The profile photo (a /api/media/ URL), or null'),
    activated: z.boolean(),
    role: userRole.describe('customer, or staff/admin: the web app sends staff to /studio after sign-in'),
  })
  .register(z.globalRegistry, { id: 'UserDetails', description: 'A customer account (the email is read-only)' });
export type UserDetails = z.infer<typeof userDetails>;

/** Profile photos: at most this many bytes of decoded image. */
export const PROFILE_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

/** PUT /users/UpdateUserDetailsWithImage; `email` is accepted and ignored (read-only). */
export const updateUserDetailsRequest = z.object({
  userId: z.coerce.number().int().positive(),
  firstName: firstNameValue,
  lastName: lastNameValue,
  email: z.string().max(254).optional(),
  contactNumber: contactNumberValue.nullable().optional(),
  /** Base64 of the image without the data: prefix (§5). ~4/3 of the byte limit. */
  profileImageBase64: z
    .string()
    .max(Math.ceil((PROFILE_IMAGE_MAX_BYTES * 4) / 3) + 4)
    .nullable()
    .optional(),
});
export type UpdateUserDetailsRequest = z.infer<typeof updateUserDetailsRequest>;

/** GET /users/GetUseById?UserId= */
export const getUserByIdQuery = z.object({ UserId: idParam });

export const updateUserDetailsResponse = successResponse.extend({ user: userDetails });

/** Notification settings (§3); both default on. */
export const notificationSettings = z
  .object({
    userId: z.coerce.number().int().positive(),
    isEmail: z.boolean(),
    isSms: z.boolean(),
  })
  .register(z.globalRegistry, { id: 'NotificationSettings', description: "A customer's notification choices" });
export type NotificationSettings = z.infer<typeof notificationSettings>;

/** Order/appointment for invoice (§3). */
export const userOrder = z
  .object({
    id: z.number(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    datetime: z.string(),
    type: z.string(),
    priceSold: z.number().describe('Dollars'),
  })
  .register(z.globalRegistry, { id: 'UserOrder', description: 'An order as its invoice shows it' });
export type UserOrder = z.infer<typeof userOrder>;
export const userOrdersResponse = z.array(userOrder);

/** Settings → Profile Information form: the editable fields (email is read-only). */
export const profileFormSchema = z.object({
  firstName: firstNameValue,
  lastName: lastNameValue,
  contactNumber: contactNumberValue,
});
export type ProfileForm = z.infer<typeof profileFormSchema>;

/** A person's name, or their email when the name is blank (the studio's lists, server and browser). */
export function displayName(firstName: string, lastName: string, email: string): string {
  const name = `${firstName} ${lastName}`.trim();
  return name || email;
}
