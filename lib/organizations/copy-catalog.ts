// Copying a test organization's catalog into a live one (POST /v1/organizations/{id}/copy-catalog,
// docs/payments.md "Test and live organizations"): a merchant builds and tries the catalog in test
// mode, then starts selling for real with the same products without typing them again.
//
// Copied, each row under a new id, every reference remapped to the copies: products with their
// prices (archived ones too, so every reference has its copy), the images they show (new media
// rows over the same stored files), benefits with their properties and the products' benefits,
// custom fields and the products' attached fields, discounts (not deleted; no redemptions: the
// count starts at 0) with the products they apply to, and checkout links (not deleted) with their
// products and discount. Checkout links lose their slug: a slug is unique across the instance and
// the test link keeps it. Each row keeps its created_at, so lists keep their order.
//
// Into an empty catalog only (409 when the target has any product): a second run would copy
// everything twice. One transaction under the target's row lock, so two racing copies cannot both
// find it empty.
import { randomUUID } from "node:crypto";
import type { Db, Tx } from "../db/client";
import type { Prisma } from "../generated/prisma/client";
import type { Principal } from "../core/principal";
import { ApiError } from "../core/errors";
import { lockRow } from "../core/row-lock";
import { findOrganizationOrThrow } from "./service";
import type { CopyCatalogBody } from "./schemas";

/** Bounds one request's work: a catalog larger than this is copied by hand or by the API. */
export const MAX_COPIED_PRODUCTS = 1000;

const TRANSACTION_OPTIONS = { maxWait: 10_000, timeout: 60_000 };

type Json = Prisma.InputJsonValue;

/** New ids for the rows of one kind, by their old id. */
function remap<T extends { id: string }>(rows: T[]): Map<string, string> {
  return new Map(rows.map((row) => [row.id, randomUUID()]));
}

/** The copy's id of a row that was copied (every reference points to a copied row). */
function mapped(ids: Map<string, string>, id: string): string {
  const copy = ids.get(id);
  if (!copy) throw new Error(`copy-catalog: no copy of ${id}`);
  return copy;
}

async function assertCopyable(tx: Tx, principal: Principal, targetId: string, body: CopyCatalogBody) {
  const target = await findOrganizationOrThrow(tx, principal, targetId);
  const source = await findOrganizationOrThrow(tx, principal, body.from_organization_id);
  if (source.livemode) {
    throw ApiError.invalid(
      ["body", "from_organization_id"],
      "The catalog is copied from a test organization; this one is live.",
      body.from_organization_id,
    );
  }
  if (!target.livemode) {
    throw ApiError.invalid(
      ["path", "id"],
      "The catalog is copied into a live organization; this one is a test organization.",
      targetId,
    );
  }
  await lockRow(tx, "organizations", targetId);
  if (await tx.product.findFirst({ where: { organization_id: targetId }, select: { id: true } })) {
    throw new ApiError(
      "ConflictError",
      "This organization already has products: the catalog is copied into an empty catalog only.",
    );
  }
  const products = await tx.product.count({ where: { organization_id: source.id } });
  if (products > MAX_COPIED_PRODUCTS) {
    throw ApiError.invalid(
      ["body", "from_organization_id"],
      `The catalog has ${products} products; at most ${MAX_COPIED_PRODUCTS} are copied at once.`,
      body.from_organization_id,
    );
  }
  return source.id;
}

async function copyBenefitsAndFields(tx: Tx, sourceId: string, targetId: string) {
  const benefits = await tx.benefit.findMany({ where: { organization_id: sourceId } });
  const benefitIds = remap(benefits);
  await tx.benefit.createMany({
    data: benefits.map((benefit) => ({
      ...benefit,
      id: mapped(benefitIds, benefit.id),
      organization_id: targetId,
      properties: benefit.properties as Json,
      metadata: benefit.metadata as Json,
    })),
  });
  const fields = await tx.customField.findMany({ where: { organization_id: sourceId } });
  const fieldIds = remap(fields);
  await tx.customField.createMany({
    data: fields.map((field) => ({
      ...field,
      id: mapped(fieldIds, field.id),
      organization_id: targetId,
      properties: field.properties as Json,
      metadata: field.metadata as Json,
    })),
  });
  return { benefitIds, fieldIds };
}

async function copyProducts(
  tx: Tx,
  sourceId: string,
  targetId: string,
  refs: { benefitIds: Map<string, string>; fieldIds: Map<string, string> },
) {
  const products = await tx.product.findMany({
    where: { organization_id: sourceId },
    include: { prices: true, product_benefits: true, attached_custom_fields: true, product_medias: true },
  });
  const productIds = remap(products);
  const mediaIds = new Map<string, string>();
  for (const link of products.flatMap((product) => product.product_medias)) {
    if (!mediaIds.has(link.media_id)) mediaIds.set(link.media_id, randomUUID());
  }
  const medias = await tx.media.findMany({ where: { id: { in: [...mediaIds.keys()] } } });
  await tx.media.createMany({
    data: medias.map((media) => {
      const id = mapped(mediaIds, media.id);
      // The same stored file (lib/files/manage.ts deletes it once no media row holds its path).
      // Product images only: uploaded, no upload under way.
      const { upload_id: _uploadId, upload_parts: _parts, ...fields } = media;
      return {
        ...fields,
        id,
        organization_id: targetId,
        public_url: media.public_url.replace(`/files/${media.id}/`, `/files/${id}/`),
      };
    }),
  });
  await tx.product.createMany({
    // lowest_price_amount is the prices' trigger's to write.
    data: products.map(
      ({
        prices: _prices,
        product_benefits: _benefits,
        attached_custom_fields: _fields,
        product_medias: _medias,
        lowest_price_amount: _lowest,
        ...p
      }) => ({
        ...p,
        id: mapped(productIds, p.id),
        organization_id: targetId,
        metadata: p.metadata as Json,
      }),
    ),
  });
  const product = (id: string) => mapped(productIds, id);
  await tx.productPrice.createMany({
    data: products.flatMap((p) =>
      p.prices.map((price) => ({ ...price, id: randomUUID(), product_id: product(p.id) })),
    ),
  });
  await tx.productBenefit.createMany({
    data: products.flatMap((p) =>
      p.product_benefits.map((link) => ({
        ...link,
        product_id: product(p.id),
        benefit_id: mapped(refs.benefitIds, link.benefit_id),
      })),
    ),
  });
  await tx.attachedCustomField.createMany({
    data: products.flatMap((p) =>
      p.attached_custom_fields.map((link) => ({
        ...link,
        product_id: product(p.id),
        custom_field_id: mapped(refs.fieldIds, link.custom_field_id),
      })),
    ),
  });
  await tx.productMedia.createMany({
    data: products.flatMap((p) =>
      p.product_medias.map((link) => ({
        ...link,
        product_id: product(p.id),
        media_id: mapped(mediaIds, link.media_id),
      })),
    ),
  });
  return { productIds, count: products.length };
}

async function copyDiscountsAndLinks(
  tx: Tx,
  sourceId: string,
  targetId: string,
  productIds: Map<string, string>,
) {
  const discounts = await tx.discount.findMany({
    where: { organization_id: sourceId, deleted_at: null },
    include: { discount_products: true },
  });
  const discountIds = remap(discounts);
  await tx.discount.createMany({
    data: discounts.map(({ discount_products: _products, ...discount }) => ({
      ...discount,
      id: mapped(discountIds, discount.id),
      organization_id: targetId,
      redemptions_count: 0,
      metadata: discount.metadata as Json,
      amounts: discount.amounts as Json,
    })),
  });
  await tx.discountProduct.createMany({
    data: discounts.flatMap((discount) =>
      discount.discount_products.map((link) => ({
        discount_id: mapped(discountIds, discount.id),
        product_id: mapped(productIds, link.product_id),
      })),
    ),
  });
  const links = await tx.checkoutLink.findMany({
    where: { organization_id: sourceId, deleted_at: null },
    include: { link_products: true },
  });
  const linkIds = remap(links);
  await tx.checkoutLink.createMany({
    data: links.map(({ link_products: _products, ...link }) => ({
      ...link,
      id: mapped(linkIds, link.id),
      organization_id: targetId,
      slug: null,
      // A deleted discount was not copied: the link's copy has none.
      discount_id: link.discount_id ? (discountIds.get(link.discount_id) ?? null) : null,
      metadata: link.metadata as Json,
    })),
  });
  await tx.checkoutLinkProduct.createMany({
    data: links.flatMap((link) =>
      link.link_products.map((item) => ({
        ...item,
        checkout_link_id: mapped(linkIds, link.id),
        product_id: mapped(productIds, item.product_id),
      })),
    ),
  });
  return { discounts: discounts.length, checkoutLinks: links.length };
}

export async function copyCatalog(db: Db, principal: Principal, targetId: string, body: CopyCatalogBody) {
  return db.$transaction(async (tx) => {
    const sourceId = await assertCopyable(tx, principal, targetId, body);
    const refs = await copyBenefitsAndFields(tx, sourceId, targetId);
    const products = await copyProducts(tx, sourceId, targetId, refs);
    const rest = await copyDiscountsAndLinks(tx, sourceId, targetId, products.productIds);
    return {
      products: products.count,
      benefits: refs.benefitIds.size,
      custom_fields: refs.fieldIds.size,
      discounts: rest.discounts,
      checkout_links: rest.checkoutLinks,
    };
  }, TRANSACTION_OPTIONS);
}
