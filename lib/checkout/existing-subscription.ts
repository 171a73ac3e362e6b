// A subscription checkout for a buyer who already has a live subscription with the organization
// (which allows one): nothing is charged. The answer must not tell whoever typed the address that
// it subscribes, nor leave its owner without a way forward: the confirm answers a generic "check
// your email" (403 CheckEmail), and the owner gets an email, sent only to that address, that links
// to the customer portal (docs/payments-reliability.md). At most one such email per subscription
// per hour, so a stranger cannot flood the owner's inbox by confirming again and again.
import { resolveLocale } from "../i18n/locales";
import { localizedUrl } from "../i18n/links";
import type { Tx } from "../db/client";
import { ApiError } from "../core/errors";
import { queueEmail } from "../email/queue";
import { existingSubscription } from "../email/templates/existing-subscription";
import { portalUrl } from "../public-url";

export const CHECK_EMAIL_MESSAGE =
  "Check your email: we sent the next step for this purchase to the address you entered.";
const NOTICE_EVERY_MS = 60 * 60 * 1000;

export function checkEmailError(): ApiError {
  return new ApiError("CheckEmail", CHECK_EMAIL_MESSAGE);
}

/** Queues the email to the subscriber (in the confirm's transaction: sent after its commit). */
export async function noticeExistingSubscription(
  tx: Tx,
  subscriptionId: string,
  productName: string,
  now: Date,
): Promise<void> {
  const subscription = await tx.subscription.findUniqueOrThrow({
    where: { id: subscriptionId },
    select: {
      customer: { select: { id: true, email: true, name: true, locale: true } },
      organization: { select: { id: true, name: true, email: true, slug: true } },
    },
  });
  const { customer, organization } = subscription;
  await queueEmail(tx, {
    template: existingSubscription,
    data: {
      locale: resolveLocale([customer.locale]),
      customerName: customer.name,
      productName,
      portalUrl: localizedUrl(portalUrl(organization.slug), customer.locale),
    },
    organization,
    to: customer.email,
    reference: `existing_subscription:${subscriptionId}:${Math.floor(now.getTime() / NOTICE_EVERY_MS)}`,
    related: { customerId: customer.id, subscriptionId },
    now,
  });
}
