// The sign-in form's rules, pure: what the buyer may type, when a new code may be asked for, and
// what each failure tells them.
import { ApiRequestError, NETWORK_ERROR } from "@/components/api-client";

export const CODE_LENGTH = 6;
/** Seconds before "Send a new code" works again (the server also limits codes per email and IP). */
export const RESEND_COOLDOWN_SECONDS = 30;
const MAX_EMAIL_LENGTH = 320;

/** Digits only, at most six: pasted "123 456" or "Code: 123456" become "123456". */
export function normalizeCode(input: string): string {
  return input.replace(/\D/g, "").slice(0, CODE_LENGTH);
}

export function isCompleteCode(code: string): boolean {
  return code.length === CODE_LENGTH;
}

export function normalizeEmail(input: string): string {
  return input.trim();
}

/** A light check before asking the server (which decides): something@something.tld, bounded. */
export function emailError(input: string): string | null {
  const email = normalizeEmail(input);
  if (!email) return "Enter your email address.";
  if (email.length > MAX_EMAIL_LENGTH || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
    return "Enter a valid email address, like jane@example.com.";
  }
  return null;
}

/** Whole seconds until a new code may be asked for (0: now). */
export function resendSecondsLeft(sentAtMs: number, nowMs: number): number {
  const left = RESEND_COOLDOWN_SECONDS * 1000 - (nowMs - sentAtMs);
  return left > 0 ? Math.ceil(left / 1000) : 0;
}

function failureMessage(error: unknown): string | null {
  if (!(error instanceof ApiRequestError)) return "Something went wrong. Please try again.";
  if (error.code === NETWORK_ERROR) return error.message;
  if (error.status === 429) return "Too many attempts. Please wait a few minutes, then try again.";
  return null;
}

/**
 * Asking for a code was refused for being asked too often (429): codes went to that address in the
 * last hour, and they all stay valid until used or expired, so the buyer goes on to enter the
 * newest one rather than being locked out (docs/portal-security.md).
 */
export function codesAlreadySent(error: unknown): boolean {
  return error instanceof ApiRequestError && error.status === 429;
}

export function codesAlreadySentMessage(email: string): string {
  return `Codes were sent to ${email} a short while ago. Enter the newest one, or ask again in a few minutes.`;
}

/** Why asking for a code failed (the server answers 202 whether or not the email is a customer). */
export function requestErrorMessage(error: unknown): string {
  const known = failureMessage(error);
  if (known) return known;
  const { status, message } = error as ApiRequestError;
  if (status === 422) return "Enter a valid email address, like jane@example.com.";
  if (status === 404) return "This store's portal is not available.";
  return message;
}

/** Why a code did not sign in: wrong, expired and used codes all get the same 401. */
export function codeErrorMessage(error: unknown): string {
  const known = failureMessage(error);
  if (known) return known;
  const { status, message } = error as ApiRequestError;
  if (status === 401) return "That code is wrong or has expired. Check the latest email, or send a new code.";
  if (status === 422) return `Enter the ${CODE_LENGTH}-digit code from the email.`;
  return message;
}
