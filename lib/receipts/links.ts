// Links to an order's receipt (issue 13). PLACEHOLDER until the receipts work lands: the receipts
// helper replaces this file with signed, unguessable links; the signatures below stay.
import { publicBaseUrl } from "../public-url";

/** The printable HTML receipt of an order, reachable by the buyer without signing in. */
export function receiptUrl(orderId: string): string {
  return `${publicBaseUrl()}/receipts/${orderId}`;
}

/** The same receipt as a PDF. */
export function receiptPdfUrl(orderId: string): string {
  return `${receiptUrl(orderId)}/pdf`;
}
