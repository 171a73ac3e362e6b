// Correcting an order's billing details (docs/api.md, "Orders"): the name and address its receipt
// shows, by the merchant (PATCH /v1/orders/{id}) or by the buyer in their portal (PATCH
// /v1/customer-portal/orders/{id}). The amounts never change: the address's country decided the
// tax, so it cannot change, and an address can be corrected but not removed. `order.updated` is sent.
// Once the order's invoice is issued (docs/invoices.md) they are what the invoice says: any change
// is refused (409 InvoiceAlreadyIssued), under the same row lock the issue takes.
import { z } from "zod";
import type { Db, Tx } from "../db/client";
import type { Prisma } from "../generated/prisma/client";
import { ApiError } from "../core/errors";
import { addressInput } from "../core/schemas";
import type { Principal } from "../core/principal";
import { emitOrderEvents } from "./events";
import { getOrder } from "./service";

/** The reference API's OrderUpdate (and the portal's CustomerOrderUpdate): only the fields sent change. */
export const updateOrderBody = z.object({
  /** The name on the receipt; null goes back to the customer's name. */
  billing_name: z.string().trim().min(1).max(255).nullish(),
  billing_address: addressInput.nullish(),
});
export type UpdateOrderBody = z.output<typeof updateOrderBody>;

/** Whose order: the organizations the caller may see, and for a buyer their own customer. */
export type OrderOwner = { organizationIds: readonly string[]; customerId?: string };

/**
 * Applies the correction in one transaction, the order's row locked (a refund or another correction
 * waits), and sends `order.updated`. Throws 404 for an order the caller may not see.
 */
export async function updateOrderBillingDetails(
  db: Db,
  owner: OrderOwner,
  orderId: string,
  body: UpdateOrderBody,
  now = new Date(),
): Promise<void> {
  await db.$transaction(
    async (tx) => {
      const order = await lockOrder(tx, owner, orderId);
      if (
        order.invoice_issued_at &&
        (body.billing_name !== undefined || body.billing_address !== undefined)
      ) {
        throw new ApiError(
          "InvoiceAlreadyIssued",
          "The order's invoice was issued: its billing name and address are the invoice's and can no longer change.",
        );
      }
      const data: Prisma.OrderUpdateInput = {};
      if (body.billing_name !== undefined) data.billing_name = body.billing_name;
      if (body.billing_address !== undefined) {
        const address = correctedAddress(order.billing_address, body.billing_address);
        if (address) data.billing_address = address;
      }
      if (Object.keys(data).length === 0) return;
      await tx.order.update({ where: { id: order.id }, data: { ...data, modified_at: now } });
      await emitOrderEvents(tx, ["order.updated"], order, now);
    },
    { maxWait: 10_000, timeout: 10_000 },
  );
}

type LockedOrder = {
  id: string;
  organization_id: string;
  billing_address: unknown;
  invoice_issued_at: Date | null;
};

async function lockOrder(tx: Tx, owner: OrderOwner, orderId: string): Promise<LockedOrder> {
  const rows = await tx.$queryRaw<LockedOrder[]>`
    SELECT id::text AS id, organization_id::text AS organization_id, billing_address, invoice_issued_at
    FROM orders
    WHERE id = ${orderId}::uuid
      AND organization_id::text = ANY(${[...owner.organizationIds]})
      AND (${owner.customerId ?? null}::uuid IS NULL OR customer_id = ${owner.customerId ?? null}::uuid)
    FOR UPDATE`;
  if (!rows[0]) throw ApiError.notFound("Order not found.");
  return rows[0];
}

/** The new address (null: nothing to change), refused (422) when it would change the country the tax was decided by. */
function correctedAddress(
  stored: unknown,
  next: z.output<typeof addressInput> | null,
): Prisma.InputJsonValue | null {
  const country = (stored as { country?: unknown } | null)?.country;
  const storedCountry = typeof country === "string" && country !== "" ? country : null;
  if (next === null) {
    if (storedCountry) {
      throw ApiError.invalid(
        ["body", "billing_address"],
        "The order's billing address decided its tax: it can be corrected, not removed.",
        null,
      );
    }
    return null; // nothing to remove
  }
  if (storedCountry && next.country !== storedCountry) {
    throw ApiError.invalid(
      ["body", "billing_address", "country"],
      `The order was taxed for ${storedCountry}: its billing address stays in that country.`,
      next.country,
    );
  }
  return {
    line1: next.line1 ?? null,
    line2: next.line2 ?? null,
    postal_code: next.postal_code ?? null,
    city: next.city ?? null,
    state: next.state ?? null,
    country: next.country,
  };
}

/** PATCH /v1/orders/{id}: the order as GET answers it after the correction. */
export async function updateMerchantOrder(
  db: Db,
  principal: Principal,
  orderId: string,
  body: UpdateOrderBody,
) {
  await updateOrderBillingDetails(db, { organizationIds: principal.organizationIds }, orderId, body);
  return getOrder(db, principal, orderId);
}
