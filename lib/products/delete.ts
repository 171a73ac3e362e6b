// Deleting a product (DELETE /v1/products/{id}): only one nothing refers to (./usage.ts); one in
// use is 409 `ProductNotDeletable` and can only be archived. Its prices, images, benefits and
// custom fields attachments go with it (their rows cascade); the images and benefits themselves stay.
//
// The product is locked (FOR UPDATE) before the check, in the delete's transaction. A row that
// names the product (a checkout session, an order, a link, a discount) takes a key-share lock on it
// through its foreign key, which waits for that lock: a purchase or a new link that got there first
// is seen by the check (409), and one that comes after waits, then finds no product (404, or 409
// from its foreign key). Nothing in between can slip through.
//
// No webhook event: this service sends no product.* events (lib/webhooks/event-types.ts).
import type { Db } from "../db/client";
import type { Principal } from "../core/principal";
import { ApiError } from "../core/errors";
import { lockRow } from "../core/row-lock";
import { foundOrThrow, tenantWhere } from "../core/tenancy";
import { productsInUse } from "./usage";

const TRANSACTION_OPTIONS = { maxWait: 10_000, timeout: 10_000 };

export async function deleteProduct(db: Db, principal: Principal, id: string): Promise<void> {
  await db.$transaction(async (tx) => {
    await lockRow(tx, "products", id);
    foundOrThrow(
      await tx.product.findFirst({ where: { id, ...tenantWhere(principal) }, select: { id: true } }),
    );
    if ((await productsInUse(tx, [id])).size) {
      throw new ApiError(
        "ProductNotDeletable",
        "This product has orders, subscriptions, checkouts, checkout links or discounts: archive it instead.",
      );
    }
    await tx.product.delete({ where: { id } });
  }, TRANSACTION_OPTIONS);
}
