// The rules of changing the email from the portal, pure so they are tested without a browser: the
// emailed link's token read from the page's fragment (`#email_update_token=…`, never sent to a
// server: lib/customer-portal/email-update.ts), and what each refusal tells the buyer, in the page's
// language (docs/i18n.md; English by default).
import { ApiRequestError, NETWORK_ERROR } from "@/components/api-client";
import { english } from "@/lib/i18n/english";
import type { Translator } from "@/lib/i18n/translator";

export const EMAIL_UPDATE_FRAGMENT_PARAM = "email_update_token";
const MAX_TOKEN_LENGTH = 128;

/** The link's token from the address's fragment, or null. */
export function emailUpdateTokenFromHash(hash: string): string | null {
  const token = new URLSearchParams(hash.replace(/^#/, "")).get(EMAIL_UPDATE_FRAGMENT_PARAM);
  return token && token.length <= MAX_TOKEN_LENGTH ? token : null;
}

function failureMessage(error: unknown, tr: Translator): string | null {
  if (!(error instanceof ApiRequestError)) return tr.t("portal.somethingWrong");
  if (error.code === NETWORK_ERROR) return error.message;
  if (error.status === 429) return tr.t("portal.tooManyRequests");
  return null;
}

/** Why asking for a link failed: the server's 422 message (the same address, a bad one) when it has one. */
export function requestLinkErrorMessage(error: unknown, tr: Translator = english): string {
  const known = failureMessage(error, tr);
  if (known) return known;
  const { status, problems, message } = error as ApiRequestError;
  if (status === 422) {
    // The server's own words (English) tell which refusal it is.
    return problems[0]?.msg === "This is already your email address."
      ? tr.t("portal.alreadyYourEmail")
      : tr.t("portal.emailInvalid");
  }
  return message;
}

/** Why the link did not change the email: bad, expired, used and replaced links are one 401. */
export function verifyLinkErrorMessage(error: unknown, tr: Translator = english): string {
  const known = failureMessage(error, tr);
  if (known) return known;
  const { status, message } = error as ApiRequestError;
  if (status === 401) return tr.t("portal.emailLinkInvalid");
  if (status === 422) return tr.t("portal.emailTaken");
  return message;
}
