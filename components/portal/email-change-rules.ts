// The rules of changing the email from the portal, pure so they are tested without a browser: the
// emailed link's token read from the page's fragment (`#email_update_token=…`, never sent to a
// server: lib/customer-portal/email-update.ts), and what each refusal tells the buyer.
import { ApiRequestError, NETWORK_ERROR } from "@/components/api-client";

export const EMAIL_UPDATE_FRAGMENT_PARAM = "email_update_token";
const MAX_TOKEN_LENGTH = 128;

/** The link's token from the address's fragment, or null. */
export function emailUpdateTokenFromHash(hash: string): string | null {
  const token = new URLSearchParams(hash.replace(/^#/, "")).get(EMAIL_UPDATE_FRAGMENT_PARAM);
  return token && token.length <= MAX_TOKEN_LENGTH ? token : null;
}

function failureMessage(error: unknown): string | null {
  if (!(error instanceof ApiRequestError)) return "Something went wrong. Please try again.";
  if (error.code === NETWORK_ERROR) return error.message;
  if (error.status === 429) return "Too many requests. Please wait a while, then try again.";
  return null;
}

/** Why asking for a link failed: the server's 422 message (the same address, a bad one) when it has one. */
export function requestLinkErrorMessage(error: unknown): string {
  const known = failureMessage(error);
  if (known) return known;
  const { status, problems, message } = error as ApiRequestError;
  if (status === 422) {
    const msg = problems[0]?.msg;
    return msg === "This is already your email address."
      ? msg
      : "Enter a valid email address, like jane@example.com.";
  }
  return message;
}

/** Why the link did not change the email: bad, expired, used and replaced links are one 401. */
export function verifyLinkErrorMessage(error: unknown): string {
  const known = failureMessage(error);
  if (known) return known;
  const { status, message } = error as ApiRequestError;
  if (status === 401)
    return "This email change link is invalid or has expired (only the newest link works). Sign in and ask for a new one.";
  if (status === 422)
    return "That email address is already used by another account of this store. Your email was not changed.";
  return message;
}
