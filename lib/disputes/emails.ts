// The merchant's dispute emails (to the organization's email; none when it has none), queued in the
// transaction that recorded the notice: one "payment disputed" and one "dispute closed" per dispute
// (references `dispute_opened:<id>`, `dispute_closed:<id>`), so a notice received twice mails once.
import type { Tx } from "../db/client";
import type { Dispute } from "../generated/prisma/client";
import { queueEmail } from "../email/queue";
import { disputeOpened, type DisputeEmailData } from "../email/templates/dispute-opened";
import { disputeClosed } from "../email/templates/dispute-closed";
import { publicBaseUrl } from "../public-url";
import { disputeReasonLabel } from "./labels";

export type DisputeOrganization = { id: string; name: string; email: string | null; slug: string };

async function emailData(
  tx: Tx,
  dispute: Dispute,
  organization: DisputeOrganization,
  accessRevoked: boolean,
): Promise<DisputeEmailData> {
  const order = await tx.order.findUniqueOrThrow({
    where: { id: dispute.order_id },
    select: {
      invoice_number: true,
      customer: { select: { email: true } },
      product: { select: { name: true } },
    },
  });
  const slug = encodeURIComponent(organization.slug);
  return {
    invoiceNumber: order.invoice_number,
    productName: order.product.name,
    customerEmail: order.customer.email,
    amount: dispute.amount,
    currency: dispute.currency,
    reason: disputeReasonLabel(dispute.reason),
    evidenceDueBy: dispute.evidence_due_by,
    disputedAt: dispute.created_at,
    accessRevoked,
    orderUrl: `${publicBaseUrl()}/dashboard/${slug}/orders/${dispute.order_id}`,
  };
}

export async function queueDisputeOpened(
  tx: Tx,
  dispute: Dispute,
  organization: DisputeOrganization,
  accessRevoked: boolean,
  now: Date,
): Promise<void> {
  if (!organization.email) return;
  await queueEmail(tx, {
    template: disputeOpened,
    data: await emailData(tx, dispute, organization, accessRevoked),
    organization,
    to: organization.email,
    reference: `${disputeOpened.kind}:${dispute.id}`,
    related: { orderId: dispute.order_id },
    now,
  });
}

export async function queueDisputeClosed(
  tx: Tx,
  dispute: Dispute & { status: "won" | "lost" | "warning_closed" },
  organization: DisputeOrganization,
  now: Date,
): Promise<void> {
  if (!organization.email) return;
  const { evidenceDueBy: _evidence, ...data } = await emailData(
    tx,
    dispute,
    organization,
    dispute.status === "lost",
  );
  await queueEmail(tx, {
    template: disputeClosed,
    data: { ...data, outcome: dispute.status, closedAt: dispute.closed_at ?? now },
    organization,
    to: organization.email,
    reference: `${disputeClosed.kind}:${dispute.id}`,
    related: { orderId: dispute.order_id },
    now,
  });
}
