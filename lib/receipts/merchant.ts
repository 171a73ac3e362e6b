// The merchant's copy of an order's receipt (GET /v1/orders/{id}/receipt, like the reference API's
// invoice): the same view model as the buyer's link, found within the principal's organizations.
import type { DbOrTx } from "../db/client";
import type { Principal } from "../core/principal";
import { foundOrThrow, tenantWhere } from "../core/tenancy";
import { z } from "zod";
import { buildReceipt, receiptInclude, type ReceiptView } from "./receipt";
import { receiptPdfUrl } from "./links";

/** Where the receipt's PDF is (the buyer's signed link: no credential needed to open it). */
export const orderReceiptLinkSchema = z
  .object({ url: z.string() })
  .meta({ description: "The receipt PDF's signed link." });

export async function getOrderReceipt(
  db: DbOrTx,
  principal: Principal,
  orderId: string,
): Promise<ReceiptView> {
  const order = await db.order.findFirst({
    where: { id: orderId, ...tenantWhere(principal) },
    include: receiptInclude,
  });
  return buildReceipt(foundOrThrow(order));
}

/** The order's receipt as a link to its PDF (the current reference API's `{url}`), without rendering it. */
export async function getOrderReceiptLink(
  db: DbOrTx,
  principal: Principal,
  orderId: string,
): Promise<z.output<typeof orderReceiptLinkSchema>> {
  const order = await db.order.findFirst({
    where: { id: orderId, ...tenantWhere(principal) },
    select: { id: true },
  });
  return { url: receiptPdfUrl(foundOrThrow(order).id) };
}
