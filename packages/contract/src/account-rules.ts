// The accounts' plain rules (spec §5, §9; roles of issue 15): no zod, so the login screen, part of
// every customer's first screen, checks its form and routes the signed-in user without loading it.
// validation.ts and studio.ts build their schemas on them (and re-export them).
import { messages } from './messages';

/** A user's role: customers (the default), studio staff, studio admins. */
export const USER_ROLES = ['customer', 'staff', 'admin'] as const;
export type UserRole = (typeof USER_ROLES)[number];

/** The roles that may sign in to /studio. */
export const STUDIO_ROLES = ['staff', 'admin'] as const;
export type StudioRole = (typeof STUDIO_ROLES)[number];

/** Whether a role may use /studio (staff land there after sign-in). */
export function isStudioRole(role: UserRole | null | undefined): role is StudioRole {
  return role === 'staff' || role === 'admin';
}

/** Password bounds (spec §9): set-password 6 to 15, signup at least 6, settings at least 8. */
export const passwordRules = {
  setMin: 6,
  setMax: 15,
  signupMin: 6,
  settingsMin: 8,
  /** Upper bound for every password field, to keep hashing cheap on hostile input. */
  absoluteMax: 128,
} as const;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isValidEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value) && value.length <= 254;
}

export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase();
}

export interface LoginForm {
  email: string;
  password: string;
}

/**
 * Login (§5): email required and valid; password required. The first error of each field, with
 * the submit wording (the form maps it to the wording while typing). A plain function, not a
 * schema: the login screen, on every customer's first screen, checks with it and loads no zod.
 */
export function loginFormErrors(values: LoginForm): Partial<Record<keyof LoginForm, string>> {
  const errors: Partial<Record<keyof LoginForm, string>> = {};
  const email = values.email.trim();
  if (email.length === 0) errors.email = messages.emailRequired;
  else if (!isValidEmail(email)) errors.email = messages.emailInvalidLogin;
  if (values.password.length === 0) errors.password = messages.passwordRequired;
  else if (values.password.length > passwordRules.absoluteMax) errors.password = `Password must be at most ${passwordRules.absoluteMax} characters`;
  else if (values.password.trim().length === 0) errors.password = messages.passwordBlank;
  return errors;
}
