// The sign-in form's rules, pure: what the buyer may type, when a new code may be asked for, and
// what each failure tells them, in the page's language (docs/i18n.md; English by default).
import { ApiRequestError, NETWORK_ERROR } from "@/components/api-client";
import { english } from "@/lib/i18n/english";
import type { Translator } from "@/lib/i18n/translator";

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
export function emailError(input: string, tr: Translator = english): string | null {
  const email = normalizeEmail(input);
  if (!email) return tr.t("portal.emailMissing");
  if (email.length > MAX_EMAIL_LENGTH || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
    return tr.t("portal.emailInvalid");
  }
  return null;
}

/** Whole seconds until a new code may be asked for (0: now). */
export function resendSecondsLeft(sentAtMs: number, nowMs: number): number {
  const left = RESEND_COOLDOWN_SECONDS * 1000 - (nowMs - sentAtMs);
  return left > 0 ? Math.ceil(left / 1000) : 0;
}

function failureMessage(error: unknown, tr: Translator): string | null {
  if (!(error instanceof ApiRequestError)) return tr.t("portal.somethingWrong");
  if (error.code === NETWORK_ERROR) return error.message;
  if (error.status === 429) return tr.t("portal.tooManyAttempts");
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

export function codesAlreadySentMessage(email: string, tr: Translator = english): string {
  return tr.t("portal.codesAlreadySent", { email });
}

/** Why asking for a code failed (the server answers 202 whether or not the email is a customer). */
export function requestErrorMessage(error: unknown, tr: Translator = english): string {
  const known = failureMessage(error, tr);
  if (known) return known;
  const { status, message } = error as ApiRequestError;
  if (status === 422) return tr.t("portal.emailInvalid");
  if (status === 404) return tr.t("portal.portalUnavailable");
  return message;
}

/** Why a code did not sign in: wrong, expired and used codes all get the same 401. */
export function codeErrorMessage(error: unknown, tr: Translator = english): string {
  const known = failureMessage(error, tr);
  if (known) return known;
  const { status, message } = error as ApiRequestError;
  if (status === 401) return tr.t("portal.codeWrong");
  if (status === 422) return tr.t("portal.enterCode", { digits: CODE_LENGTH });
  return message;
}
