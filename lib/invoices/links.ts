// Links to an issued invoice or credit note (docs/invoices.md), reachable by the buyer without
// signing in, like a receipt's (lib/receipts/links.ts): the document's id and an HMAC of it under
// the server secret. Unguessable, unforgeable, nothing stored; every key of the keyring is tried,
// so a link survives a secret rotation while the old secret is in APP_SECRET_PREVIOUS.
import { createHmac } from "node:crypto";
import { publicBaseUrl } from "../public-url";
import { keyring, safeEqual, type Keyring } from "../secrets";

const PURPOSE = "invoice-link v1";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** A document id, a dot, 43 base64url characters (a SHA-256 HMAC): bounds what a lookup parses. */
export const INVOICE_TOKEN_MAX_LENGTH = 36 + 1 + 43;

function mac(invoiceId: string, hmacKey: Buffer): string {
  return createHmac("sha256", hmacKey).update(`${PURPOSE}\n${invoiceId}`).digest("base64url");
}

export function invoiceToken(invoiceId: string, keys: Keyring = keyring()): string {
  return `${invoiceId}.${mac(invoiceId, keys.current.hmac)}`;
}

/** The document a token stands for, or null for anything that is not one this server made. */
export function invoiceIdFromToken(token: string, keys: Keyring = keyring()): string | null {
  if (token.length > INVOICE_TOKEN_MAX_LENGTH) return null;
  const [invoiceId, signature, ...rest] = token.split(".");
  if (!invoiceId || !signature || rest.length || !UUID.test(invoiceId)) return null;
  for (const key of keys.byId.values()) {
    if (safeEqual(signature, mac(invoiceId, key.hmac))) return invoiceId;
  }
  return null;
}

/** The document's page (HTML). */
export function invoicePageUrl(invoiceId: string): string {
  return `${publicBaseUrl()}/invoices/${invoiceToken(invoiceId)}`;
}

/** The document's PDF: what `GET /v1/orders/{id}/invoice` answers as `{url}`. */
export function invoicePdfUrl(invoiceId: string): string {
  return `${invoicePageUrl(invoiceId)}/pdf`;
}
