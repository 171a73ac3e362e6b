// Links to an order's receipt (issue 13), reachable by the buyer without signing in. The token is
// the order id and an HMAC of it under the server secret (lib/secrets): unguessable, unforgeable,
// and nothing to store. A link made before a secret rotation keeps working while the old secret
// is in APP_SECRET_PREVIOUS (every key of the keyring is tried).
import { createHmac } from "node:crypto";
import { publicBaseUrl } from "../public-url";
import { keyring, safeEqual, type Keyring } from "../secrets";

const PURPOSE = "receipt-link v1";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** An order id, a dot, 43 base64url characters (a SHA-256 HMAC): bounds what a lookup parses. */
export const RECEIPT_TOKEN_MAX_LENGTH = 36 + 1 + 43;

function mac(orderId: string, hmacKey: Buffer): string {
  return createHmac("sha256", hmacKey).update(`${PURPOSE}\n${orderId}`).digest("base64url");
}

export function receiptToken(orderId: string, keys: Keyring = keyring()): string {
  return `${orderId}.${mac(orderId, keys.current.hmac)}`;
}

/** The order a receipt token stands for, or null for anything that is not one this server made. */
export function orderIdFromReceiptToken(token: string, keys: Keyring = keyring()): string | null {
  if (token.length > RECEIPT_TOKEN_MAX_LENGTH) return null;
  const [orderId, signature, ...rest] = token.split(".");
  if (!orderId || !signature || rest.length || !UUID.test(orderId)) return null;
  for (const key of keys.byId.values()) {
    if (safeEqual(signature, mac(orderId, key.hmac))) return orderId;
  }
  return null;
}

/** The printable HTML receipt of an order. */
export function receiptUrl(orderId: string): string {
  return `${publicBaseUrl()}/receipts/${receiptToken(orderId)}`;
}

/** The same receipt as a PDF. */
export function receiptPdfUrl(orderId: string): string {
  return `${receiptUrl(orderId)}/pdf`;
}
