/**
 * Domain errors: services throw these to say what went wrong, in the user's words. They know nothing
 * of HTTP; plugins/error-handler.ts maps each kind to a status code.
 */
export abstract class DomainError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = new.target.name;
  }
}

/** The input breaks a business rule or cannot be used (bad image, wrong current password, ...). */
export class ValidationError extends DomainError {}

/** The caller is not signed in, or their credentials are wrong. */
export class UnauthorizedError extends DomainError {}

/** The caller is known but may not do this. */
export class ForbiddenError extends DomainError {}

export class NotFoundError extends DomainError {}

/** What was asked for is no longer available (an archived gallery's photos). */
export class GoneError extends DomainError {}

/** The request clashes with existing state (for example an email already registered). */
export class ConflictError extends DomainError {}

/** The upload is larger than the call accepts (the message names the limit). */
export class PayloadTooLargeError extends DomainError {}

/** Too many attempts in a short time. */
export class TooManyAttemptsError extends DomainError {}

/** The card payment was declined (the provider's message, e.g. "Your card was declined."). */
export class PaymentDeclinedError extends DomainError {}

/** A service the call needs (the card payment provider) cannot be reached now. */
export class ServiceUnavailableError extends DomainError {}
