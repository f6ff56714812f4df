/**
 * User-facing texts from the spec (§5, §8), verbatim except plain misspellings, which are corrected
 * ("occurred", not "occurrred"). Server and web both read them from here.
 */
export const messages = {
  unexpectedError: 'An unexpected error occurred.',

  // Login (§5, §8)
  emailInvalidLogin: 'Please enter Valid Email Address',
  passwordBlank: 'Password cannot be blank',
  emailRequired: 'Email is required',
  passwordRequired: 'Password is required',
  invalidCredentials: 'Invalid credentials, please enter correct details',
  validCredentials: 'Valid credentials, please continue',
  accountNotActivated:
    'Your account is not activated yet. Please use the activation link we emailed you.',
  socialLoginFailed: 'login failed!',

  // Signup (§5)
  firstNameRequired: 'First name is required',
  firstNameLetters: 'First name must contain only letters',
  lastNameRequired: 'Last name is required',
  lastNameLetters: 'Last name must contain only letters',
  emailInvalid: 'Invalid email address',
  passwordMin6: 'Password must be at least 6 characters long',
  confirmRequired: 'Confirm password is required',
  passwordsDoNotMatch: 'Passwords do not match',
  accountCreated: 'Account Successfully Created!',
  signupFailed: 'Signup failed',
  emailAlreadyRegistered: 'An account with this email address already exists. Please log in instead.',

  // Activation
  activationTermsRequired: 'Please accept the terms and conditions before activation.',
  activationFailed: 'Failed to activate your account!',
  activationSucceeded: 'Your account has been activated.',

  // Forgot / set password
  forgotEmailInvalid: 'Please enter a valid Email Address',
  emailNotRegistered: 'This email address is not registered. Please enter registered email address.',
  resetMailSent: 'We have emailed you a link to set a new password.',
  setPasswordLength: 'Password should be between 6-15 characters.',
  setPasswordMismatch: 'Password and Confirm Password do not match',
  passwordAlreadySet: 'Password is already set for this account, please try logging in.',
  resetKeyInvalid: 'This link is invalid or has expired. Please request a new one.',
  passwordSet: 'Your password has been set.',

  // Settings: change password (§5)
  currentPasswordRequired: 'Current password is required',
  newPasswordRequired: 'New password is required',
  newPasswordMin8: 'New password must be at least 8 characters long',
  confirmNewPassword: 'Please confirm your new password',
  currentPasswordIncorrect: 'Current password is incorrect',
  passwordUpdated: 'Password updated successfully!',
  passwordUpdateFailed: 'Failed to update password. Please try again.',

  // Profile
  userDetailsUpdated: 'User details updated successfully!',
  userDetailsFailed: 'Failed to update user details.',
  profileImageInvalid: 'The profile photo must be a JPEG, PNG, WebP or GIF image.',
  profileImageTooLarge: 'The profile photo must be at most 5 MB and 40 megapixels.',
  imageQueueFull: 'The server is busy with other images. Please try again in a moment.',
  notificationSettingsSaved: 'Notification settings saved.',
  contactNumberInvalid: 'Please enter a valid contact number',

  // Gallery empty states (§8)
  noSession: 'No Session Available',
  noPhotosForFilter: 'No photos found for this filter.',

  // Generic
  notFound: 'Not found.',
  forbidden: 'You are not allowed to do that.',
  unauthorized: 'Please log in to continue.',
  tooManyRequests: 'Too many attempts. Please wait a minute and try again.',
  noInvoices: 'No invoices found.',
  invalidRequestBody: 'The request body is not valid JSON.',
  requestTooLarge: 'The request is too large.',
  unsupportedMediaType: 'This content type is not supported.',
  badRequest: 'The request is not valid.',
  googleSignInNotConfigured: 'Google sign-in is not available.',
} as const;

export type MessageKey = keyof typeof messages;
