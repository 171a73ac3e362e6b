// A discount redemption is held by a confirmed session; a session that ends without an order
// (expired, failed) gives it back so max_redemptions counts only real uses.
import type { Tx } from "../db/client";

export async function releaseRedemption(tx: Tx, checkoutId: string) {
  const released = await tx.discountRedemption.deleteMany({ where: { checkout_id: checkoutId } });
  if (released.count === 0) return;
  const session = await tx.checkoutSession.findUnique({
    where: { id: checkoutId },
    select: { discount_id: true },
  });
  if (session?.discount_id) {
    await tx.$executeRaw`UPDATE discounts SET redemptions_count = GREATEST(redemptions_count - 1, 0) WHERE id = ${session.discount_id}::uuid`;
  }
}
