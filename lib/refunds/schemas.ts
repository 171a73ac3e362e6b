// The refund resource (issue 13; the reference API's Refund): the create body, the list's filters
// and sorting, and the output. `amount` is what the buyer gets back, tax included; `tax_amount` is
// the part of it that is tax (./amounts.ts).
import { z } from "zod";
import type { Refund } from "../generated/prisma/client";
import { timestamps } from "../core/schemas";
import { metadataOut, metadataSchema } from "../core/metadata";
import { paginationQuery, sortingQuery } from "../core/pagination";
import { id, int4, queryList } from "../core/validation";

export const REFUND_REASONS = [
  "duplicate",
  "fraudulent",
  "customer_request",
  "service_disruption",
  "satisfaction_guarantee",
  "other",
] as const;

export const REFUND_STATUSES = ["pending", "succeeded", "failed", "canceled"] as const;

export const MAX_REFUND_COMMENT_LENGTH = 1000;

export const refundSchema = z.object({
  id: z.string(),
  ...timestamps,
  metadata: metadataOut,
  status: z.enum(REFUND_STATUSES),
  reason: z.enum(REFUND_REASONS),
  /** Minor units given back, tax included. */
  amount: z.number().int(),
  /** The tax part of `amount`. */
  tax_amount: z.number().int(),
  currency: z.string(),
  organization_id: z.string(),
  order_id: z.string(),
  subscription_id: z.string().nullable(),
  customer_id: z.string(),
  comment: z.string().nullable(),
  revoke_benefits: z.boolean(),
  /** A refund made to settle a dispute, in the reference API; here a dispute is its own record
   * (docs/disputes.md) and never a refund: always null. */
  dispute: z.null(),
});

export const createRefundBody = z.object({
  order_id: id(),
  /** Minor units to give back, tax included: at least 1, at most what remains refundable. */
  amount: int4(1),
  reason: z.enum(REFUND_REASONS),
  comment: z.string().trim().max(MAX_REFUND_COMMENT_LENGTH).nullish(),
  /**
   * Take back what the order granted (its benefit grants and license keys; for a subscription's
   * order, the subscription too). Omitted: true for a full refund of a one-time purchase, else false.
   */
  revoke_benefits: z.boolean().nullish(),
  metadata: metadataSchema.optional(),
});
export type CreateRefundBody = z.output<typeof createRefundBody>;

export const listRefundsQuery = z.object({
  ...paginationQuery,
  organization_id: queryList(id()),
  order_id: queryList(id()),
  customer_id: queryList(id()),
  sorting: sortingQuery(["created_at", "amount"], ["-created_at"]),
});
export type ListRefundsQuery = z.output<typeof listRefundsQuery>;

export const refundParams = z.object({ id: id() });

export function toRefund(row: Refund) {
  return {
    id: row.id,
    created_at: row.created_at,
    modified_at: row.modified_at,
    metadata: row.metadata as Record<string, string | number | boolean>,
    status: row.status,
    reason: row.reason,
    amount: row.amount,
    tax_amount: row.tax_amount,
    currency: row.currency,
    organization_id: row.organization_id,
    order_id: row.order_id,
    subscription_id: row.subscription_id,
    customer_id: row.customer_id,
    comment: row.comment,
    revoke_benefits: row.revoke_benefits,
    dispute: null,
  };
}
