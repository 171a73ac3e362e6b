// Create a checkout session for a product or one of its prices (contract section 6): the price and
// amount, the merchant's discount, the buyer's details (prefilled from an existing customer), the
// answers, and the stored amounts; a fresh client secret and the expiry from the configured TTL.
import { randomUUID } from "node:crypto";
import { Prisma } from "../generated/prisma/client";
import type { Db } from "../db/client";
import type { Principal } from "../core/principal";
import { ApiError, type Problem } from "../core/errors";
import { inOrganizations } from "../core/tenancy";
import { checkoutTtlSeconds } from "../config";
import { defaultPaymentProcessorName } from "../payments";
import { checkoutInclude, toCheckout, type CreateCheckoutBody } from "./schemas";
import { amountProblem, discountRefusal, priceCheckout } from "./pricing";
import { validateCustomFieldData } from "./custom-fields";
import { newClientSecret, withClientSecret } from "./client-secret";

type PriceToSell = Prisma.ProductPriceGetPayload<{ include: { product: true } }>;

/**
 * The price to sell: the one named, or the product's first non-archived price; or the problem
 * with it, so the other fields can still be checked and reported in the same 422.
 */
async function findPrice(
  db: Db,
  organizationIds: string[],
  body: CreateCheckoutBody,
): Promise<{ price: PriceToSell; problem: null } | { price: null; problem: Problem }> {
  const refused = (field: "product_id" | "product_price_id", msg: string) => ({
    price: null,
    problem: { type: "value_error", loc: ["body", field], msg, input: body[field] ?? null },
  });
  if (body.product_price_id) {
    const price = await db.productPrice.findFirst({
      where: { id: body.product_price_id, product: inOrganizations(organizationIds) },
      include: { product: true },
    });
    if (!price) return refused("product_price_id", "Price does not exist.");
    if (price.is_archived || price.product.is_archived)
      return refused("product_price_id", "Price is archived.");
    return { price, problem: null };
  }
  const product = await db.product.findFirst({
    where: { id: body.product_id, ...inOrganizations(organizationIds) },
    include: { prices: { where: { is_archived: false }, orderBy: { created_at: "asc" }, take: 1 } },
  });
  if (!product) return refused("product_id", "Product does not exist.");
  const { prices, ...rest } = product;
  const first = prices[0];
  if (rest.is_archived || !first) return refused("product_id", "Product is archived or has no price.");
  return { price: { ...first, product: rest }, problem: null };
}

export async function createCheckout(
  db: Db,
  principal: Principal,
  body: CreateCheckoutBody,
  now = new Date(),
) {
  const found = await findPrice(db, principal.organizationIds, body);
  const price = found.price;
  // Without a price, the other ids are still looked up among the caller's organizations.
  const organizationIds = price ? [price.product.organization_id] : principal.organizationIds;
  const problems: Problem[] = found.problem ? [found.problem] : [];

  let amount: number | null = null;
  if (price && body.amount !== undefined && body.amount !== null) {
    const problem = amountProblem(price, body.amount);
    if (problem) problems.push(problem);
    else amount = body.amount;
  }

  let discount = null;
  if (body.discount_id) {
    discount = await db.discount.findFirst({
      where: { id: body.discount_id, ...inOrganizations(organizationIds) },
    });
    const refusal = !discount
      ? "Discount does not exist."
      : price
        ? await discountRefusal(db, discount, price, { now })
        : null;
    if (refusal)
      problems.push({
        type: "value_error",
        loc: ["body", "discount_id"],
        msg: refusal,
        input: body.discount_id,
      });
  }

  let customer = null;
  if (body.customer_id) {
    customer = await db.customer.findFirst({
      // An anonymized (deleted) customer cannot be checked out again: it is not found.
      where: { id: body.customer_id, deleted_at: null, ...inOrganizations(organizationIds) },
    });
    if (!customer)
      problems.push({
        type: "value_error",
        loc: ["body", "customer_id"],
        msg: "Customer does not exist.",
        input: body.customer_id,
      });
  }

  let customFieldData: Record<string, unknown> = {};
  if (price) {
    const attached = await db.attachedCustomField.findMany({
      where: { product_id: price.product_id },
      include: { custom_field: true },
      orderBy: { order: "asc" },
    });
    const answers = validateCustomFieldData(attached, body.custom_field_data ?? {});
    problems.push(...answers.problems);
    customFieldData = answers.data;
  }
  if (!price || problems.length) throw ApiError.validation(problems);
  const organizationId = price.product.organization_id;

  // Given fields win; an existing customer fills the rest.
  const billingAddress =
    body.customer_billing_address !== undefined
      ? body.customer_billing_address
      : ((customer?.billing_address as CreateCheckoutBody["customer_billing_address"]) ?? null);
  const amounts = await priceCheckout(db, {
    organizationId,
    price,
    amount,
    discount,
    billingAddress,
  });

  const id = randomUUID();
  // One transaction, so that an Idempotency-Key's answer is stored with the session (lib/api/idempotency.ts).
  return db.$transaction(async (tx) => {
    await tx.checkoutSession.create({
      data: {
        id,
        created_at: now,
        organization_id: organizationId,
        ...newClientSecret(id).columns,
        payment_processor: defaultPaymentProcessorName(),
        expires_at: new Date(now.getTime() + checkoutTtlSeconds() * 1000),
        success_url: body.success_url ?? null,
        embed_origin: body.embed_origin ?? null,
        ...amounts,
        product_id: price.product_id,
        product_price_id: price.id,
        discount_id: discount?.id ?? null,
        discount_locked: !!discount,
        allow_discount_codes: body.allow_discount_codes,
        customer_id: customer?.id ?? null,
        customer_name: body.customer_name ?? customer?.name ?? null,
        customer_email: body.customer_email ?? customer?.email ?? null,
        customer_ip_address: body.customer_ip_address ?? null,
        customer_billing_address: billingAddress ?? Prisma.DbNull,
        customer_tax_id: body.customer_tax_id ?? customer?.tax_id ?? null,
        customer_metadata: body.customer_metadata,
        metadata: body.metadata,
        custom_field_data: customFieldData as Prisma.InputJsonObject,
      },
    });
    const row = await tx.checkoutSession.findUniqueOrThrow({ where: { id }, include: checkoutInclude });
    return toCheckout(withClientSecret(row));
  });
}
