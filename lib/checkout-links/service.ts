// Checkout links as the merchant manages them: list, read, create, update (only the fields sent)
// and delete. Deleting marks the link deleted (its URL then answers 410, lib/checkout-links/open.ts)
// and frees its slug. A slug is unique across the instance (the public URL names no organization):
// the unique index decides races (the loser's violation is the API's 409, lib/api/handler.ts), the
// look-up before the write only gives the usual case a clear message.
import { randomUUID } from "node:crypto";
import type { Db, DbOrTx, Tx } from "../db/client";
import type { Prisma } from "../generated/prisma/client";
import type { Principal } from "../core/principal";
import { ApiError, type Problem } from "../core/errors";
import { listPage, mapPage, nullsLast } from "../core/list";
import { oneOf } from "../core/pagination";
import { lockRow } from "../core/row-lock";
import { foundOrThrow, organizationForCreate, tenantWhere } from "../core/tenancy";
import { defaultPaymentProcessorName } from "../payments";
import {
  checkoutLinkInclude,
  toCheckoutLink,
  type CreateCheckoutLinkBody,
  type ListCheckoutLinksQuery,
  type UpdateCheckoutLinkBody,
} from "./schemas";

const TRANSACTION_OPTIONS = { maxWait: 10_000, timeout: 10_000 };

export async function listCheckoutLinks(db: DbOrTx, principal: Principal, query: ListCheckoutLinksQuery) {
  const productIds = oneOf(query.product_id);
  const page = await listPage(db.checkoutLink, principal, query, {
    where: {
      deleted_at: null,
      ...(productIds ? { link_products: { some: { product_id: productIds } } } : {}),
    },
    include: checkoutLinkInclude,
    // Links without a label sort last both ways.
    columns: { label: nullsLast("label") },
  });
  return mapPage(page, (row) => toCheckoutLink(row, defaultPaymentProcessorName()));
}

/** The link `id` as the API shows it, or 404 (missing, deleted, or another tenant's). */
export async function getCheckoutLink(db: DbOrTx, principal: Principal, id: string) {
  const row = await db.checkoutLink.findFirst({
    where: { id, deleted_at: null, ...tenantWhere(principal) },
    include: checkoutLinkInclude,
  });
  return toCheckoutLink(foundOrThrow(row), defaultPaymentProcessorName());
}

/** The products a new link offers, however the body names them (createCheckoutLinkBody). */
async function linkProductIds(
  tx: Tx,
  organizationId: string,
  body: CreateCheckoutLinkBody,
): Promise<string[]> {
  if (body.products) return body.products;
  if (body.product_id) return [body.product_id];
  const price = await tx.productPrice.findFirst({
    where: { id: body.product_price_id, product: { organization_id: organizationId } },
    select: { product_id: true },
  });
  if (!price) {
    throw ApiError.validation([
      {
        type: "value_error",
        loc: ["body", "product_price_id"],
        msg: "Price does not exist.",
        input: body.product_price_id,
      },
    ]);
  }
  return [price.product_id];
}

/** Each product that is not a non-archived product of the organization with a price, at its index. */
async function productProblems(tx: Tx, organizationId: string, productIds: string[]): Promise<Problem[]> {
  const found = await tx.product.findMany({
    where: { id: { in: productIds }, organization_id: organizationId },
    select: {
      id: true,
      is_archived: true,
      prices: { where: { is_archived: false }, select: { id: true }, take: 1 },
    },
  });
  const byId = new Map(found.map((product) => [product.id, product]));
  return productIds.flatMap((id, index): Problem[] => {
    const product = byId.get(id);
    const msg = !product
      ? "Product does not exist."
      : product.is_archived || !product.prices.length
        ? "Product is archived or has no price."
        : null;
    return msg ? [{ type: "value_error", loc: ["body", "products", index], msg, input: id }] : [];
  });
}

async function discountProblems(tx: Tx, organizationId: string, discountId: string | null | undefined) {
  if (!discountId) return [];
  const discount = await tx.discount.findFirst({
    where: { id: discountId, organization_id: organizationId, deleted_at: null },
    select: { id: true },
  });
  return discount
    ? []
    : [
        {
          type: "value_error",
          loc: ["body", "discount_id"],
          msg: "Discount does not exist.",
          input: discountId,
        } satisfies Problem,
      ];
}

async function assertSlugFree(tx: Tx, slug: string, exceptId?: string) {
  const taken = await tx.checkoutLink.findFirst({
    where: { slug, ...(exceptId ? { id: { not: exceptId } } : {}) },
    select: { id: true },
  });
  if (taken) throw new ApiError("ResourceAlreadyExists", "A checkout link with this slug already exists.");
}

const linkProducts = (productIds: string[]) => productIds.map((product_id, order) => ({ product_id, order }));

export async function createCheckoutLink(
  db: Db,
  principal: Principal,
  body: CreateCheckoutLinkBody,
  now = new Date(),
) {
  const organizationId = organizationForCreate(principal, body.organization_id);
  return db.$transaction(async (tx) => {
    const products = await linkProductIds(tx, organizationId, body);
    // A product named by product_id or product_price_id is reported at that field.
    const field = body.product_id ? "product_id" : body.product_price_id ? "product_price_id" : null;
    const problems = [
      ...(await productProblems(tx, organizationId, products)).map((problem) =>
        field ? { ...problem, loc: ["body", field], input: body[field] } : problem,
      ),
      ...(await discountProblems(tx, organizationId, body.discount_id)),
    ];
    if (problems.length) throw ApiError.validation(problems);
    if (body.slug) await assertSlugFree(tx, body.slug);
    const id = randomUUID();
    await tx.checkoutLink.create({
      data: {
        id,
        created_at: now,
        organization_id: organizationId,
        label: body.label ?? null,
        slug: body.slug ?? null,
        discount_id: body.discount_id ?? null,
        allow_discount_codes: body.allow_discount_codes,
        success_url: body.success_url ?? null,
        metadata: body.metadata,
        trial_interval: body.trial_interval ?? null,
        trial_interval_count: body.trial_interval ? (body.trial_interval_count ?? 1) : null,
        link_products: { create: linkProducts(products) },
      },
    });
    return getCheckoutLink(tx, principal, id);
  }, TRANSACTION_OPTIONS);
}

async function findLinkForWrite(tx: Tx, principal: Principal, id: string) {
  await lockRow(tx, "checkout_links", id);
  return foundOrThrow(
    await tx.checkoutLink.findFirst({
      where: { id, deleted_at: null, ...tenantWhere(principal) },
      select: { id: true, organization_id: true, slug: true },
    }),
  );
}

export async function updateCheckoutLink(
  db: Db,
  principal: Principal,
  id: string,
  body: UpdateCheckoutLinkBody,
  now = new Date(),
) {
  return db.$transaction(async (tx) => {
    const current = await findLinkForWrite(tx, principal, id);
    const problems = [
      ...(body.products ? await productProblems(tx, current.organization_id, body.products) : []),
      ...(await discountProblems(tx, current.organization_id, body.discount_id)),
    ];
    if (problems.length) throw ApiError.validation(problems);
    if (body.slug && body.slug !== current.slug) await assertSlugFree(tx, body.slug, id);

    const data: Prisma.CheckoutLinkUncheckedUpdateInput = { modified_at: now };
    for (const key of ["label", "slug", "discount_id", "success_url"] as const) {
      if (body[key] !== undefined) data[key] = body[key];
    }
    if (body.allow_discount_codes !== undefined) data.allow_discount_codes = body.allow_discount_codes;
    if (body.metadata !== undefined) data.metadata = body.metadata;
    if (body.trial_interval !== undefined) {
      data.trial_interval = body.trial_interval;
      data.trial_interval_count = body.trial_interval ? (body.trial_interval_count ?? 1) : null;
    } else if (body.trial_interval_count) {
      // A new count for the link's trial (none: nothing to count).
      const link = await tx.checkoutLink.findUniqueOrThrow({
        where: { id },
        select: { trial_interval: true },
      });
      if (link.trial_interval) data.trial_interval_count = body.trial_interval_count;
    }
    await tx.checkoutLink.update({ where: { id }, data });
    if (body.products) {
      await tx.checkoutLinkProduct.deleteMany({ where: { checkout_link_id: id } });
      await tx.checkoutLinkProduct.createMany({
        data: linkProducts(body.products).map((row) => ({ ...row, checkout_link_id: id })),
      });
    }
    return getCheckoutLink(tx, principal, id);
  }, TRANSACTION_OPTIONS);
}

/** Marks the link deleted and frees its slug; a second delete is 404. */
export async function deleteCheckoutLink(db: Db, principal: Principal, id: string, now = new Date()) {
  await db.$transaction(async (tx) => {
    await findLinkForWrite(tx, principal, id);
    await tx.checkoutLink.update({ where: { id }, data: { deleted_at: now, modified_at: now, slug: null } });
  }, TRANSACTION_OPTIONS);
}
