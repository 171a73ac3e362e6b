// The dispute resource (issue 30): a buyer's bank contesting a payment, as the processor reports
// it (lib/disputes/record.ts). One schema for the API's answers, the OpenAPI document, webhook
// `data` and the dashboard's types. `reason` and `status` are the processor's words (Stripe's).
import { z } from "zod";
import type { Customer, Dispute } from "../generated/prisma/client";
import { customerResourceSchema, toCustomerResource } from "../customers/schemas";
import { dateTime, timestamps } from "../core/schemas";
import { paginationQuery, sortingQuery } from "../core/pagination";
import { id, queryList } from "../core/validation";

/**
 * Stripe's dispute statuses. `warning_*` is an inquiry (no money taken yet), the others a
 * chargeback; `warning_closed`, `won` and `lost` are final (./lifecycle.ts orders them).
 */
export const DISPUTE_STATUSES = [
  "warning_needs_response",
  "warning_under_review",
  "warning_closed",
  "needs_response",
  "under_review",
  "won",
  "lost",
] as const;
export type DisputeStatus = (typeof DISPUTE_STATUSES)[number];

export const disputeSchema = z.object({
  id: z.string(),
  ...timestamps,
  organization_id: z.string(),
  order_id: z.string(),
  /** Who reported it, e.g. `stripe`. */
  processor: z.string(),
  /** The processor's id of the dispute (Stripe's `du_…`). */
  processor_dispute_id: z.string(),
  /** The processor's id of the disputed payment (Stripe's `pi_…`). */
  payment_id: z.string(),
  /** Minor units contested. */
  amount: z.number().int(),
  currency: z.string(),
  /** The processor's reason, e.g. `fraudulent`, `product_not_received`, `duplicate`. */
  reason: z.string(),
  status: z.enum(DISPUTE_STATUSES),
  /** When the evidence must reach the processor; null once none is expected. */
  evidence_due_by: dateTime.nullable(),
  /** When it reached a final status (`warning_closed`, `won`, `lost`). */
  closed_at: dateTime.nullable(),
  // The current reference API's (docs/polar-sdk.md):
  /** Decided: won or lost. */
  resolved: z.boolean(),
  /** In a final status (`closed_at` is set). */
  closed: z.boolean(),
  /** The tax part of `amount`, in the order's proportion (as a refund's, docs/api.md). */
  tax_amount: z.number().int(),
  /** A response is still expected and its deadline has passed. */
  past_due: z.boolean(),
  /** The order's customer. */
  customer: customerResourceSchema,
  /** No case id besides the processor's own dispute id here: null. */
  case_id: z.null(),
});
export type DisputeResource = z.output<typeof disputeSchema>;

export const listDisputesQuery = z.object({
  ...paginationQuery,
  organization_id: queryList(id()),
  order_id: queryList(id()),
  status: queryList(z.enum(DISPUTE_STATUSES)),
  sorting: sortingQuery(["created_at", "amount"], ["-created_at"]),
});
export type ListDisputesQuery = z.output<typeof listDisputesQuery>;

export const disputeParams = z.object({ id: id() });

/**
 * What a processor's notice says of a dispute (the Stripe event job passes it to
 * recordProcessorDispute). Parsed there, so a malformed notice is refused before anything is read.
 */
export const processorDisputeInput = z.object({
  processor: z.string().min(1).max(32),
  processorDisputeId: z.string().min(1).max(255),
  paymentId: z.string().min(1).max(255),
  amount: z.number().int().min(0).max(2_147_483_647),
  currency: z
    .string()
    .regex(/^[A-Za-z]{3}$/)
    .transform((currency) => currency.toLowerCase()),
  reason: z.string().min(1).max(64),
  status: z.enum(DISPUTE_STATUSES),
  evidenceDueBy: z.date().nullable(),
});
/** As the processor's event job passes it: its own words, checked here. */
export type ProcessorDisputeInput = {
  processor: string;
  processorDisputeId: string;
  paymentId: string;
  amount: number;
  currency: string;
  reason: string;
  status: string;
  evidenceDueBy: Date | null;
};
export type ParsedProcessorDispute = z.output<typeof processorDisputeInput>;

/** What the resource reads of the disputed order. */
export const disputeInclude = {
  order: { select: { amount: true, tax_amount: true, customer: true } },
} as const;

export type DisputeRow = Dispute & { order: { amount: number; tax_amount: number; customer: Customer } };

const FINAL_DECISIONS: readonly string[] = ["won", "lost"];
const AWAITING_RESPONSE: readonly string[] = ["needs_response", "warning_needs_response"];

export function toDispute(row: DisputeRow, now = new Date()): DisputeResource {
  const total = row.order.amount + row.order.tax_amount;
  return {
    id: row.id,
    created_at: row.created_at,
    modified_at: row.modified_at,
    organization_id: row.organization_id,
    order_id: row.order_id,
    processor: row.processor,
    processor_dispute_id: row.processor_dispute_id,
    payment_id: row.payment_id,
    amount: row.amount,
    currency: row.currency,
    reason: row.reason,
    status: row.status as DisputeStatus,
    evidence_due_by: row.evidence_due_by,
    closed_at: row.closed_at,
    resolved: FINAL_DECISIONS.includes(row.status),
    closed: row.closed_at !== null,
    tax_amount:
      total > 0 ? Math.min(row.order.tax_amount, Math.round((row.amount * row.order.tax_amount) / total)) : 0,
    past_due:
      AWAITING_RESPONSE.includes(row.status) && row.evidence_due_by !== null && row.evidence_due_by < now,
    customer: toCustomerResource(row.order.customer),
    case_id: null,
  };
}
