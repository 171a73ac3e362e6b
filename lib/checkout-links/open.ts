// A visit to a checkout link (/buy/<id or slug>): a fresh checkout session for the link's
// products through the same service as POST /v1/checkouts/, so a link never expires while its
// sessions do. Archived products are skipped; a link with none left, or a deleted one, is gone; a
// discount that no longer applies is left off, as the reference API does.
import { z } from "zod";
import type { Db } from "../db/client";
import type { Metadata } from "../core/metadata";
import { ApiError } from "../core/errors";
import { createCheckoutSession } from "../checkout/create";
import { PAYMENTS_NOT_SET_UP } from "../organizations/payments-ready";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** What an id or a slug can look like; anything else (NUL bytes, long strings) is not looked up. */
const REFERENCE = /^[A-Za-z0-9-]{1,64}$/;

/** Query-string prefill, as the reference API's links take it; an invalid value is ignored. */
const prefillEmail = z.string().trim().pipe(z.email().max(320));

export type OpenedLink =
  { kind: "session"; clientSecret: string; url: string } | { kind: "not_found" } | { kind: "gone" };

export async function openCheckoutLink(
  db: Db,
  reference: string,
  prefill: { customer_email?: string | null } = {},
  now = new Date(),
): Promise<OpenedLink> {
  if (!REFERENCE.test(reference)) return { kind: "not_found" };
  const link = await db.checkoutLink.findFirst({
    where: UUID.test(reference) ? { id: reference.toLowerCase() } : { slug: reference },
    include: {
      link_products: {
        orderBy: { order: "asc" },
        include: {
          product: {
            select: {
              id: true,
              is_archived: true,
              prices: { where: { is_archived: false }, select: { id: true }, take: 1 },
            },
          },
        },
      },
    },
  });
  if (!link) return { kind: "not_found" };
  const products = link.link_products
    .filter(({ product }) => !product.is_archived && product.prices.length)
    .map(({ product }) => product.id);
  if (link.deleted_at || !products.length) return { kind: "gone" };

  const email = prefillEmail.safeParse(prefill.customer_email ?? undefined);
  try {
    const session = await createCheckoutSession(
      db,
      [link.organization_id],
      {
        products,
        discount_id: link.discount_id,
        allow_discount_codes: link.allow_discount_codes,
        success_url: link.success_url,
        metadata: link.metadata as Metadata,
        customer_metadata: {},
        customer_email: email.success ? email.data : null,
        trial_interval: link.trial_interval,
        trial_interval_count: link.trial_interval_count,
      },
      { now, dropRefusedDiscount: true },
    );
    return { kind: "session", clientSecret: session.client_secret, url: session.url };
  } catch (error) {
    // A live organization without its card processor: the link exists, but cannot be paid yet,
    // and the 422 says so (docs/payments.md, "Test and live organizations").
    if (error instanceof ApiError && error.problems.some((problem) => problem.msg === PAYMENTS_NOT_SET_UP)) {
      throw error;
    }
    // A product archived between the look-up and the create: the link has nothing left to sell.
    if (error instanceof ApiError && error.status === 422) return { kind: "gone" };
    throw error;
  }
}
