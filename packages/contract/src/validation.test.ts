// Spec §5 validation rules, as implemented once in the contract and used by server and web.
// Messages are asserted verbatim against the spec text, not against `messages.*`, so a wording
// change in messages.ts has to be a deliberate change here too.
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { decodeEntryParam, DEFAULT_THEME, storageKeys } from './storage-keys';
import {
  activationFormSchema,
  changePasswordFormSchema,
  changePasswordValue,
  forgotPasswordFormSchema,
  isValidEmail,
  loginFormErrors,
  loginFormSchema,
  normalizeEmail,
  passwordRules,
  setPasswordFormSchema,
  setPasswordValue,
  signupFormSchema,
} from './validation';

/**
 * The first message per field, which is what a form shows (react-hook-form's zodResolver keeps the
 * first issue of each path). Empty object = valid.
 */
function firstErrors(schema: z.ZodType, input: unknown): Record<string, string> {
  const result = schema.safeParse(input);
  const out: Record<string, string> = {};
  if (result.success) return out;
  for (const issue of result.error.issues) {
    const key = issue.path.join('.') || '(root)';
    out[key] ??= issue.message;
  }
  return out;
}

const base64 = (s: string) => Buffer.from(s, 'utf8').toString('base64');
const fromBase64 = (s: string) => Buffer.from(s, 'base64').toString('utf8');

describe('password bounds (spec §9)', () => {
  it('are set-password 6 to 15, signup at least 6, settings at least 8', () => {
    expect(passwordRules).toMatchObject({ setMin: 6, setMax: 15, signupMin: 6, settingsMin: 8 });
  });
});

describe('email helpers', () => {
  it.each(['a@b.co', 'first.last+tag@studio-gallery.test', 'x@sub.domain.org'])('accepts %s', (email) => {
    expect(isValidEmail(email)).toBe(true);
  });
  it.each(['', 'plain', 'a@b', '@b.co', 'a@', 'a b@c.de', 'a@b c.de', `${'a'.repeat(250)}@b.co`])('rejects %j', (email) => {
    expect(isValidEmail(email)).toBe(false);
  });
  it('normalises by trimming and lower-casing', () => {
    expect(normalizeEmail('  Demo@Studio-Gallery.TEST ')).toBe('demo@studio-gallery.test');
  });
});

describe('login (§5)', () => {
  it("says 'Email is required' and 'Password is required' when both are empty on submit", () => {
    expect(firstErrors(loginFormSchema, { email: '', password: '' })).toEqual({
      email: 'Email is required',
      password: 'Password is required',
    });
  });
  it('treats a whitespace-only email as empty', () => {
    expect(firstErrors(loginFormSchema, { email: '   ', password: 'x' })).toEqual({ email: 'Email is required' });
  });
  it.each(['demo', 'demo@', 'demo@studio', 'de mo@studio.test'])("says 'Please enter Valid Email Address' for %j", (email) => {
    expect(firstErrors(loginFormSchema, { email, password: 'x' })).toEqual({ email: 'Please enter Valid Email Address' });
  });
  it('accepts a valid email (trimmed) and any non-empty password', () => {
    const parsed = loginFormSchema.parse({ email: ' demo@studio-gallery.test ', password: 'Demo1234' });
    expect(parsed).toEqual({ email: 'demo@studio-gallery.test', password: 'Demo1234' });
    expect(firstErrors(loginFormSchema, { email: 'a@b.co', password: '1' })).toEqual({});
  });
  it("says 'Password cannot be blank' for a whitespace-only password and bounds its length", () => {
    expect(loginFormErrors({ email: 'a@b.co', password: '   ' })).toEqual({ password: 'Password cannot be blank' });
    expect(loginFormErrors({ email: 'a@b.co', password: 'x'.repeat(passwordRules.absoluteMax) })).toEqual({});
    expect(loginFormErrors({ email: 'a@b.co', password: 'x'.repeat(passwordRules.absoluteMax + 1) }).password).toMatch(/at most 128/);
  });
  it('gives the login screen (which loads no zod) the same first error per field as the schema', () => {
    for (const input of [{ email: '', password: '' }, { email: ' demo ', password: ' ' }, { email: 'a@b.co', password: 'x' }]) {
      expect(loginFormErrors(input)).toEqual(firstErrors(loginFormSchema, input));
    }
  });
});

describe('signup (§5)', () => {
  const valid = { firstName: 'Zoë', lastName: 'Lindqvist', email: 'zoe@example.com', password: 'secret1', confirmPassword: 'secret1' };

  it('accepts a valid form (names may use any letters)', () => {
    expect(firstErrors(signupFormSchema, valid)).toEqual({});
  });
  it('reports every required field with the spec message', () => {
    expect(firstErrors(signupFormSchema, { firstName: '', lastName: '', email: '', password: '', confirmPassword: '' })).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      email: 'Email is required',
      password: 'Password is required',
      confirmPassword: 'Confirm password is required',
    });
  });
  it('requires letters only in names', () => {
    expect(firstErrors(signupFormSchema, { ...valid, firstName: 'J0hn' })).toEqual({ firstName: 'First name must contain only letters' });
    expect(firstErrors(signupFormSchema, { ...valid, lastName: 'Smith!' })).toEqual({ lastName: 'Last name must contain only letters' });
  });
  it('trims names before checking them', () => {
    expect(firstErrors(signupFormSchema, { ...valid, firstName: '  Ann ' })).toEqual({});
  });
  it("says 'Invalid email address' for a malformed email", () => {
    expect(firstErrors(signupFormSchema, { ...valid, email: 'zoe@example' })).toEqual({ email: 'Invalid email address' });
  });
  it('needs a password of at least 6 characters', () => {
    expect(firstErrors(signupFormSchema, { ...valid, password: '12345', confirmPassword: '12345' })).toEqual({
      password: 'Password must be at least 6 characters long',
    });
    expect(firstErrors(signupFormSchema, { ...valid, password: '123456', confirmPassword: '123456' })).toEqual({});
  });
  it("says 'Passwords do not match' on the confirm field", () => {
    expect(firstErrors(signupFormSchema, { ...valid, confirmPassword: 'secret2' })).toEqual({ confirmPassword: 'Passwords do not match' });
  });
});

describe('forgot password (§5)', () => {
  it('requires the email', () => {
    expect(firstErrors(forgotPasswordFormSchema, { email: '' })).toEqual({ email: 'Email is required' });
  });
  it.each(['demo', 'demo@studio', 'demo@studio.', 'demo@.test', 'demo@studio..test', 'de mo@studio.test'])(
    "says 'Please enter a valid Email Address' for %j",
    (email) => {
      expect(firstErrors(forgotPasswordFormSchema, { email })).toEqual({ email: 'Please enter a valid Email Address' });
    },
  );
  it.each(['a@b.co', ' demo@studio-gallery.test ', 'x@mail.example.org'])('accepts %j (at least two domain parts)', (email) => {
    expect(firstErrors(forgotPasswordFormSchema, { email })).toEqual({});
  });
});

describe('set password (§5): 6 to 15 characters', () => {
  const msg = 'Password should be between 6-15 characters.';

  it.each([
    ['', msg],
    ['12345', msg],
    ['1234567890123456', msg],
  ])('rejects %j', (value, message) => {
    expect(firstErrors(setPasswordFormSchema, { newPassword: value, confirmPassword: value })).toEqual({ newPassword: message });
    expect(setPasswordValue.safeParse(value).success).toBe(false);
  });
  it.each(['123456', '123456789012345'])('accepts the bound %j', (value) => {
    expect(firstErrors(setPasswordFormSchema, { newPassword: value, confirmPassword: value })).toEqual({});
    expect(setPasswordValue.parse(value)).toBe(value);
  });
  it("says 'Password and Confirm Password do not match' on the confirm field", () => {
    expect(firstErrors(setPasswordFormSchema, { newPassword: 'abcdef', confirmPassword: 'abcdeg' })).toEqual({
      confirmPassword: 'Password and Confirm Password do not match',
    });
  });
});

describe('settings: change password (§5): new at least 8', () => {
  const valid = { currentPassword: 'old-pass', newPassword: 'new-pass1', confirmPassword: 'new-pass1' };

  it('accepts a valid form', () => {
    expect(firstErrors(changePasswordFormSchema, valid)).toEqual({});
  });
  it('reports every required field with the spec message', () => {
    expect(firstErrors(changePasswordFormSchema, { currentPassword: '', newPassword: '', confirmPassword: '' })).toEqual({
      currentPassword: 'Current password is required',
      newPassword: 'New password is required',
      confirmPassword: 'Please confirm your new password',
    });
  });
  it('needs a new password of at least 8 characters', () => {
    expect(firstErrors(changePasswordFormSchema, { ...valid, newPassword: '1234567', confirmPassword: '1234567' })).toEqual({
      newPassword: 'New password must be at least 8 characters long',
    });
    expect(changePasswordValue.safeParse('12345678').success).toBe(true);
    expect(changePasswordValue.safeParse('1234567').success).toBe(false);
  });
  it("says 'Passwords do not match' on the confirm field", () => {
    expect(firstErrors(changePasswordFormSchema, { ...valid, confirmPassword: 'new-pass2' })).toEqual({
      confirmPassword: 'Passwords do not match',
    });
  });
});

describe('activation terms (§5)', () => {
  const msg = 'Please accept the terms and conditions before activation.';
  it('requires the terms box', () => {
    expect(firstErrors(activationFormSchema, { acceptTerms: false })).toEqual({ acceptTerms: msg });
    expect(firstErrors(activationFormSchema, {})).toEqual({ acceptTerms: msg });
  });
  it('passes when ticked', () => {
    expect(firstErrors(activationFormSchema, { acceptTerms: true })).toEqual({});
  });
});

describe('stored browser values (§3)', () => {
  it('use the spec names, theme light by default', () => {
    expect(storageKeys).toMatchObject({ token: 'token', userId: 'eusid', userLogin: 'userlogin', resetKey: 'resetkey', theme: 'theme' });
    expect(DEFAULT_THEME).toBe('light');
  });
});

describe('decodeEntryParam (entry query parameter q)', () => {
  const all = { code: 'SESSION42', activation: 'act-123', formid: '7', email: 'demo@studio-gallery.test' };

  it('reads code, activation, formid and email from base64 JSON', () => {
    expect(decodeEntryParam(base64(JSON.stringify(all)), fromBase64)).toEqual(all);
  });
  it('works with the browser atob as decoder', () => {
    expect(decodeEntryParam(btoa(JSON.stringify(all)), atob)).toEqual(all);
  });
  it('reads a base64 query string', () => {
    expect(decodeEntryParam(base64('code=SESSION42&email=demo%40studio-gallery.test'), fromBase64)).toEqual({
      code: 'SESSION42',
      email: 'demo@studio-gallery.test',
    });
  });
  it('accepts base64url (- and _) and missing padding', () => {
    const json = JSON.stringify({ code: '>>>???' });
    const url = Buffer.from(json, 'utf8').toString('base64url');
    expect(url).toMatch(/[-_]/);
    expect(url).not.toContain('=');
    expect(decodeEntryParam(url, atob)).toEqual({ code: '>>>???' });
  });
  it('keeps only the four known string fields, non-empty and at most 500 characters', () => {
    const q = base64(JSON.stringify({ code: 42, activation: '', formid: 'x'.repeat(501), email: 'a@b.co', token: 'steal-me' }));
    expect(decodeEntryParam(q, fromBase64)).toEqual({ email: 'a@b.co' });
    expect(decodeEntryParam(base64(JSON.stringify({ code: 'x'.repeat(500) })), fromBase64)).toEqual({ code: 'x'.repeat(500) });
  });
  it('returns {} for garbage, non-objects and decoder failures', () => {
    expect(decodeEntryParam('!!!not base64!!!', atob)).toEqual({});
    expect(decodeEntryParam(base64('just some text'), fromBase64)).toEqual({});
    expect(decodeEntryParam(base64('null'), fromBase64)).toEqual({});
    expect(decodeEntryParam(base64('[1,2,3]'), fromBase64)).toEqual({});
    expect(decodeEntryParam('', atob)).toEqual({});
    expect(
      decodeEntryParam('abc', () => {
        throw new Error('boom');
      }),
    ).toEqual({});
  });
});
