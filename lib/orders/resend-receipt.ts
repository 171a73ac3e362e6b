// POST /v1/orders/{id}/receipt: the merchant sends the buyer their receipt again (docs/api.md,
// docs/dashboard.md "The order page"). A double click, two tabs or a retried request send one
// email: the order's row is locked, and a receipt of the order queued less than RESEND_WINDOW_MS
// ago is answered instead of a new one (`queued: false`). The same window bounds how many receipts
// a merchant can send one buyer: at most one a minute.
import { randomUUID } from "node:crypto";
import { z } from "zod";
import type { Db } from "../db/client";
import type { Principal } from "../core/principal";
import { ApiError } from "../core/errors";
import { lockRow } from "../core/row-lock";
import { foundOrThrow, inOrganizations } from "../core/tenancy";
import { queueOrderReceipt, readReceiptOrder } from "./receipt-email";
import { emailSchema, toEmail } from "../email/schemas";
import { orderReceipt } from "../email/templates/order-receipt";

export const RESEND_WINDOW_MS = 60_000;

export const resendReceiptSchema = z.object({
  /** False: a receipt of this order was queued less than a minute ago; that one is `email`. */
  queued: z.boolean(),
  email: emailSchema,
});

const TRANSACTION_OPTIONS = { maxWait: 10_000, timeout: 10_000 };

export async function resendOrderReceipt(db: Db, principal: Principal, orderId: string, now = new Date()) {
  return db.$transaction(async (tx) => {
    const order = foundOrThrow(
      await tx.order.findFirst({
        where: { id: orderId, ...inOrganizations(principal.organizationIds) },
        select: { id: true },
      }),
      "Order not found.",
    );
    // Serializes resends of this order: the second of two racing requests sees the first's email.
    await lockRow(tx, "orders", order.id);
    const recent = await tx.email.findFirst({
      where: {
        order_id: order.id,
        kind: orderReceipt.kind,
        created_at: { gt: new Date(now.getTime() - RESEND_WINDOW_MS) },
      },
      orderBy: [{ created_at: "desc" }, { id: "desc" }],
    });
    if (recent) return { queued: false, email: toEmail(recent) };

    const receipt = foundOrThrow(await readReceiptOrder(tx, order.id), "Order not found.");
    const emailId = await queueOrderReceipt(tx, receipt, now, {
      reference: `${orderReceipt.kind}:${order.id}:resend:${randomUUID()}`,
    });
    if (!emailId)
      throw new ApiError(
        "ConflictError",
        "The customer's email address was erased (anonymized): there is no one to send the receipt to.",
      );
    return { queued: true, email: toEmail(await tx.email.findUniqueOrThrow({ where: { id: emailId } })) };
  }, TRANSACTION_OPTIONS);
}
