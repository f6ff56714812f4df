import { z } from 'zod';
import { messages } from './messages';
import { isValidEmail, loginFormErrors, passwordRules } from './account-rules';

export { isValidEmail, loginFormErrors, normalizeEmail, passwordRules, type LoginForm } from './account-rules';

/** Forgot password: "valid with at least two domain parts". */
const EMAIL_TWO_DOMAIN_PARTS = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
const LETTERS_ONLY = /^\p{L}+$/u;

/** Login (§5) as a schema: loginFormErrors' rules; the email comes out trimmed. */
export const loginFormSchema = z
  .object({ email: z.string().trim(), password: z.string() })
  .superRefine((values, context) => {
    for (const [field, message] of Object.entries(loginFormErrors(values))) context.addIssue({ code: 'custom', path: [field], message });
  });

/** The sign-up fields (§5), shared by the form and POST /register-galleryuser. */
export const signupFields = {
  firstName: z.string().trim().min(1, messages.firstNameRequired).max(80).regex(LETTERS_ONLY, messages.firstNameLetters),
  lastName: z.string().trim().min(1, messages.lastNameRequired).max(80).regex(LETTERS_ONLY, messages.lastNameLetters),
  email: z.string().trim().min(1, messages.emailRequired).max(254).refine(isValidEmail, messages.emailInvalid),
  password: z
    .string()
    .min(1, messages.passwordRequired)
    .min(passwordRules.signupMin, messages.passwordMin6)
    .max(passwordRules.absoluteMax),
};

/** Signup (§5). */
export const signupFormSchema = z
  .object({
    ...signupFields,
  confirmPassword: z.string().min(1, messages.confirmRequired),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: messages.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });
export type SignupForm = z.infer<typeof signupFormSchema>;

/** Forgot password (§5): email required, valid with at least two domain parts. */
export const forgotPasswordFormSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, messages.emailRequired)
    .refine((v) => EMAIL_TWO_DOMAIN_PARTS.test(v), messages.forgotEmailInvalid),
});
export type ForgotPasswordForm = z.infer<typeof forgotPasswordFormSchema>;

/** The new-password value of the Set Password screen and of the reset/finish call: 6 to 15. */
export const setPasswordValue = z
  .string()
  .min(passwordRules.setMin, messages.setPasswordLength)
  .max(passwordRules.setMax, messages.setPasswordLength);

/** Set Password screen (§5). */
export const setPasswordFormSchema = z
  .object({
    newPassword: setPasswordValue,
    confirmPassword: z.string(),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: messages.setPasswordMismatch,
    path: ['confirmPassword'],
  });
export type SetPasswordForm = z.infer<typeof setPasswordFormSchema>;

/** The new-password value of the settings change-password form and call: at least 8. */
export const changePasswordValue = z
  .string()
  .min(1, messages.newPasswordRequired)
  .min(passwordRules.settingsMin, messages.newPasswordMin8)
  .max(passwordRules.absoluteMax);

/** Settings → Security: change password (§5). */
export const changePasswordFormSchema = z
  .object({
    currentPassword: z.string().min(1, messages.currentPasswordRequired).max(passwordRules.absoluteMax),
    newPassword: changePasswordValue,
    confirmPassword: z.string().min(1, messages.confirmNewPassword),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: messages.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });
export type ChangePasswordForm = z.infer<typeof changePasswordFormSchema>;

/** Activation screen: the terms box must be ticked. */
export const activationFormSchema = z.object({
  acceptTerms: z.literal(true, { error: messages.activationTermsRequired }),
});
