// The buyer's way in: a receipt link's token (./links.ts) opens the receipt of that one order.
// Anything else (a forged, truncated or unknown token) is simply not found.
import { getDb, type DbOrTx } from "../db/client";
import { orderIdFromReceiptToken } from "./links";
import { loadReceipt, type ReceiptView } from "./receipt";

export async function findReceiptByToken(token: string, db?: DbOrTx): Promise<ReceiptView | null> {
  const orderId = orderIdFromReceiptToken(token);
  if (!orderId) return null;
  return loadReceipt(db ?? (await getDb()), orderId);
}
