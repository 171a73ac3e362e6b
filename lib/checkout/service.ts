// Checkout sessions as the merchant sees them: list, read, and update (contract section 6).
import { Prisma } from "../generated/prisma/client";
import type { Db, DbOrTx } from "../db/client";
import { visibleOrganizations, type Principal } from "../api/auth";
import { ApiError, type Problem } from "../api/errors";
import { oneOf, pageOf, skipTake } from "../api/pagination";
import { checkoutInclude, toCheckout, type ListCheckoutsQuery, type UpdateCheckoutBody } from "./schemas";
import { amountProblem, discountRefusal, priceCheckout } from "./pricing";
import { validateCustomFieldData } from "./custom-fields";

export async function listCheckouts(db: DbOrTx, principal: Principal, query: ListCheckoutsQuery) {
  const where: Prisma.CheckoutSessionWhereInput = {
    organization_id: { in: visibleOrganizations(principal, query.organization_id) },
    product_id: oneOf(query.product_id),
    status: oneOf(query.status),
  };
  const orderBy: Prisma.CheckoutSessionOrderByWithRelationInput[] = [
    ...query.sorting.map(({ field, direction }) => ({ [field]: direction })),
    { id: query.sorting.at(-1)?.direction ?? "asc" },
  ];
  const [rows, total] = await Promise.all([
    db.checkoutSession.findMany({ where, include: checkoutInclude, orderBy, ...skipTake(query) }),
    db.checkoutSession.count({ where }),
  ]);
  return pageOf(rows.map(toCheckout), total, query);
}

async function findCheckoutOrThrow(db: DbOrTx, principal: Principal, id: string) {
  const row = await db.checkoutSession.findFirst({
    where: { id, organization_id: { in: principal.organizationIds } },
    include: checkoutInclude,
  });
  if (!row) throw ApiError.notFound();
  return row;
}

export async function getCheckout(db: DbOrTx, principal: Principal, id: string) {
  return toCheckout(await findCheckoutOrThrow(db, principal, id));
}

/** Open means open and not past its expiry (the sweeper may not have marked it yet). */
export function assertOpen(session: { id: string; status: string; expires_at: Date }, now = new Date()) {
  const status = session.status === "open" && session.expires_at <= now ? "expired" : session.status;
  if (status !== "open")
    throw new ApiError("NotOpenCheckout", `Checkout ${session.id} is not open: ${status}`);
}

export async function updateCheckout(db: Db, principal: Principal, id: string, body: UpdateCheckoutBody) {
  return db.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT id FROM checkout_sessions WHERE id = ${id}::uuid FOR UPDATE`;
    const session = await findCheckoutOrThrow(tx, principal, id);
    assertOpen(session);
    const problems: Problem[] = [];

    let price = session.product_price;
    if (body.product_price_id !== undefined && body.product_price_id !== price.id) {
      const candidate = await tx.productPrice.findFirst({
        where: { id: body.product_price_id, product_id: session.product_id, is_archived: false },
      });
      if (candidate) price = candidate;
      else
        problems.push({
          type: "value_error",
          loc: ["body", "product_price_id"],
          msg: "Price does not exist, is archived, or belongs to another product.",
          input: body.product_price_id,
        });
    }
    // A buyer's amount carries over only while the price stays the same custom price; a new custom
    // price starts from its preset (computeAmounts' default).
    let amount =
      price.amount_type === "custom" && price.id === session.product_price_id ? session.amount : null;
    if (body.amount !== undefined) {
      const problem = amountProblem(price, body.amount);
      if (problem) problems.push(problem);
      else amount = body.amount;
    }

    let discount = session.discount;
    let discountLocked = session.discount_locked;
    if (body.discount_id === null) {
      discount = null;
      discountLocked = false;
    } else if (body.discount_id !== undefined) {
      const candidate = await tx.discount.findFirst({
        where: { id: body.discount_id, organization_id: session.organization_id },
      });
      const refusal = candidate ? await discountRefusal(tx, candidate, price) : "Discount does not exist.";
      if (refusal) {
        problems.push({
          type: "value_error",
          loc: ["body", "discount_id"],
          msg: refusal,
          input: body.discount_id,
        });
      } else {
        discount = candidate;
        discountLocked = true;
      }
    } else if (
      discount &&
      price.id !== session.product_price_id &&
      (await discountRefusal(tx, discount, price, { priceOnly: true }))
    ) {
      // The price changed under a discount that does not apply to it: drop the discount.
      discount = null;
      discountLocked = false;
    }

    let customFieldData: Record<string, unknown> | undefined;
    if (body.custom_field_data !== undefined) {
      const answers = validateCustomFieldData(session.product.attached_custom_fields, body.custom_field_data);
      problems.push(...answers.problems);
      customFieldData = answers.data;
    }
    if (problems.length) throw ApiError.validation(problems);

    const billingAddress =
      body.customer_billing_address !== undefined
        ? body.customer_billing_address
        : (session.customer_billing_address as { country?: string; state?: string } | null);
    const amounts = await priceCheckout(tx, {
      organizationId: session.organization_id,
      price,
      amount,
      discount,
      billingAddress,
    });
    const data: Prisma.CheckoutSessionUncheckedUpdateInput = {
      ...amounts,
      modified_at: new Date(),
      product_price_id: price.id,
      discount_id: discount?.id ?? null,
      discount_locked: discountLocked,
    };
    for (const key of [
      "customer_name",
      "customer_email",
      "customer_ip_address",
      "customer_tax_id",
      "allow_discount_codes",
      "success_url",
      "embed_origin",
    ] as const) {
      if (body[key] !== undefined) (data as Record<string, unknown>)[key] = body[key];
    }
    if (body.customer_billing_address !== undefined) {
      data.customer_billing_address = body.customer_billing_address ?? Prisma.DbNull;
    }
    if (body.metadata !== undefined) data.metadata = body.metadata;
    if (body.customer_metadata !== undefined) data.customer_metadata = body.customer_metadata;
    if (customFieldData !== undefined) data.custom_field_data = customFieldData as Prisma.InputJsonObject;
    await tx.checkoutSession.update({ where: { id }, data });
    return getCheckout(tx, principal, id);
  });
}
