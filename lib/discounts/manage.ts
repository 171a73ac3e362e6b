// Writing discounts: create, update (only the fields sent) and delete, each in one transaction.
// Codes are unique per organization ignoring case: code_key holds the lower-cased code under a
// unique index, so of two requests racing for one code the database lets exactly one through (the
// other's unique violation is the API's 409, lib/api/handler.ts); the look-up before the insert only
// gives the usual case a clear message.
//
// Deleting follows the reference API: the discount is marked deleted, not removed. It disappears
// from the API, cannot be redeemed any more (lib/checkout/pricing.ts `discountRefusal`) and its code
// is freed, while past orders keep it with their amounts and subscriptions keep renewing with it.
import { randomUUID } from "node:crypto";
import type { Db, Tx } from "../db/client";
import type { Discount, Prisma } from "../generated/prisma/client";
import type { Principal } from "../core/principal";
import { ApiError, type Problem } from "../core/errors";
import { lockRow } from "../core/row-lock";
import { foundOrThrow, organizationForCreate, tenantWhere } from "../core/tenancy";
import { getDiscount } from "./service";
import type { CreateDiscountBody, UpdateDiscountBody } from "./schemas";
import { fixedTerms, storedAmounts } from "./amounts";

// Short transactions; a burst of writes may queue for a pooled connection rather than fail.
const TRANSACTION_OPTIONS = { maxWait: 10_000, timeout: 10_000 };

/** What the type, duration and date rules are checked on: the discount as it will be. */
type Terms = Pick<
  Discount,
  "type" | "amount" | "basis_points" | "duration" | "duration_in_months" | "starts_at" | "ends_at"
>;

const missing = (field: string): Problem => ({
  type: "missing",
  loc: ["body", field],
  msg: "Field required",
  input: null,
});

/** A fixed discount needs its amount, a percentage one its basis points, a repeating one its months. */
function termsProblems(terms: Terms, blame: "starts_at" | "ends_at" = "ends_at"): Problem[] {
  const problems: Problem[] = [];
  if (terms.type === "fixed" && terms.amount === null) problems.push(missing("amount"));
  if (terms.type === "percentage" && terms.basis_points === null) problems.push(missing("basis_points"));
  if (terms.duration === "repeating" && terms.duration_in_months === null)
    problems.push(missing("duration_in_months"));
  if (terms.starts_at && terms.ends_at && terms.ends_at <= terms.starts_at) {
    problems.push({
      type: "value_error",
      loc: ["body", blame],
      msg: "ends_at must be after starts_at.",
      input: terms[blame]!.toISOString(),
    });
  }
  return problems;
}

/** Each product id that is not one of the organization's products, at its index. */
async function productProblems(tx: Tx, organizationId: string, productIds: string[]): Promise<Problem[]> {
  if (!productIds.length) return [];
  const found = await tx.product.findMany({
    where: { id: { in: productIds }, organization_id: organizationId },
    select: { id: true },
  });
  const known = new Set(found.map((product) => product.id));
  return productIds.flatMap((id, index): Problem[] =>
    known.has(id)
      ? []
      : [{ type: "value_error", loc: ["body", "products", index], msg: "Product not found.", input: id }],
  );
}

async function assertCodeFree(tx: Tx, organizationId: string, codeKey: string, exceptId?: string) {
  const taken = await tx.discount.findFirst({
    where: {
      organization_id: organizationId,
      code_key: codeKey,
      ...(exceptId ? { id: { not: exceptId } } : {}),
    },
    select: { id: true },
  });
  if (taken) throw new ApiError("ResourceAlreadyExists", "A discount with this code already exists.");
}

const distinct = (ids: string[]) => [...new Set(ids)];

export async function createDiscount(
  db: Db,
  principal: Principal,
  body: CreateDiscountBody,
  now = new Date(),
) {
  const organizationId = organizationForCreate(principal, body.organization_id);
  const fixed = body.type === "fixed";
  const fixedPart = fixed ? fixedTerms(body, null) : null;
  // Fields of the other type or duration are ignored, as unknown fields are.
  const terms = {
    type: body.type,
    amount: fixedPart?.terms.amount ?? null,
    currency: fixedPart?.terms.currency ?? null,
    amounts: fixedPart?.terms.amounts ?? {},
    basis_points: fixed ? null : (body.basis_points ?? null),
    duration: body.duration,
    duration_in_months: body.duration === "repeating" ? (body.duration_in_months ?? null) : null,
    starts_at: body.starts_at ?? null,
    ends_at: body.ends_at ?? null,
  };
  const productIds = body.products ?? [];
  const code = body.code ?? null;
  return db.$transaction(async (tx) => {
    const problems = [
      ...(fixedPart?.problems ?? []),
      ...termsProblems(terms),
      ...(await productProblems(tx, organizationId, productIds)),
    ];
    if (problems.length) throw ApiError.validation(problems);
    if (code) await assertCodeFree(tx, organizationId, code.toLowerCase());
    const id = randomUUID();
    await tx.discount.create({
      data: {
        id,
        created_at: now,
        organization_id: organizationId,
        name: body.name,
        ...terms,
        code,
        code_key: code?.toLowerCase() ?? null,
        max_redemptions: body.max_redemptions ?? null,
        metadata: body.metadata,
        discount_products: { create: distinct(productIds).map((product_id) => ({ product_id })) },
      },
    });
    return getDiscount(tx, principal, id);
  }, TRANSACTION_OPTIONS);
}

type AmountField = "amount" | "currency" | "amounts" | "basis_points";

/** What the specification's era SDK sends as every discount update's `currency`. */
const ERA_SDK_CURRENCY = "usd";

/**
 * Type and duration never change. Amounts change only while the discount has no redemption (the
 * reference API's rule: orders already show what they got). A value for a field of the other type
 * would be ignored silently, so it is refused; null is what such a field holds, so it passes, and
 * so does a percentage discount's `currency: "usd"`: the specification's era SDK (0.22.2) sends
 * that default with every update, whatever the type.
 */
function updateProblems(current: Discount, body: UpdateDiscountBody): Problem[] {
  const problems: Problem[] = [];
  const refuse = (field: string, msg: string, input: unknown) =>
    problems.push({ type: "value_error", loc: ["body", field], msg, input });
  if (body.type !== undefined && body.type !== current.type)
    refuse("type", "Type cannot be changed.", body.type);
  if (body.duration !== undefined && body.duration !== current.duration)
    refuse("duration", "Duration cannot be changed.", body.duration);
  const fixed = current.type === "fixed";
  const own: AmountField[] = fixed ? ["amount", "currency", "amounts"] : ["basis_points"];
  const foreign: AmountField[] = fixed ? ["basis_points"] : ["amount", "currency", "amounts"];
  for (const field of foreign) {
    if (body[field] != null && !(field === "currency" && body.currency === ERA_SDK_CURRENCY))
      refuse(field, `${fixed ? "Fixed" : "Percentage"} discounts have no ${field}.`, body[field]);
  }
  if (current.duration !== "repeating" && body.duration_in_months != null) {
    refuse(
      "duration_in_months",
      "Only repeating discounts have duration_in_months.",
      body.duration_in_months,
    );
  }
  if (current.redemptions_count > 0) {
    for (const field of own) {
      const unchanged =
        field === "amounts"
          ? sameAmounts(body.amounts, storedAmounts(current.amounts))
          : body[field] === current[field];
      if (body[field] != null && !unchanged)
        refuse(
          field,
          "This field cannot be changed because the discount has already been redeemed.",
          body[field],
        );
    }
  }
  return problems;
}

function sameAmounts(sent: Record<string, number> | null | undefined, stored: Record<string, number>) {
  if (!sent) return true;
  const keys = Object.keys(sent);
  return keys.length === Object.keys(stored).length && keys.every((key) => stored[key] === sent[key]);
}

export async function updateDiscount(
  db: Db,
  principal: Principal,
  id: string,
  body: UpdateDiscountBody,
  now = new Date(),
) {
  return db.$transaction(async (tx) => {
    // Serializes with a confirm redeeming it, so "already redeemed" is decided on a fresh count.
    await lockRow(tx, "discounts", id);
    const current = foundOrThrow(
      await tx.discount.findFirst({ where: { id, deleted_at: null, ...tenantWhere(principal) } }),
    );
    const pick = <K extends "starts_at" | "ends_at">(key: K) =>
      body[key] !== undefined ? body[key] : current[key];
    const fixedPart =
      current.type === "fixed"
        ? fixedTerms(body, { ...current, amounts: storedAmounts(current.amounts) })
        : null;
    const terms: Terms = {
      ...current,
      amount: fixedPart?.terms.amount ?? current.amount,
      basis_points: body.basis_points ?? current.basis_points,
      duration_in_months: body.duration_in_months ?? current.duration_in_months,
      starts_at: pick("starts_at") ?? null,
      ends_at: pick("ends_at") ?? null,
    };
    const problems = [
      ...updateProblems(current, body),
      ...(current.redemptions_count > 0 ? [] : (fixedPart?.problems ?? [])),
      ...termsProblems(
        terms,
        body.ends_at === undefined && body.starts_at !== undefined ? "starts_at" : "ends_at",
      ),
      ...(await productProblems(tx, current.organization_id, body.products ?? [])),
    ];
    if (problems.length) throw ApiError.validation(problems);
    const codeKey = body.code?.toLowerCase();
    if (codeKey && codeKey !== current.code_key)
      await assertCodeFree(tx, current.organization_id, codeKey, id);

    const data: Prisma.DiscountUncheckedUpdateInput = {
      modified_at: now,
      amount: terms.amount,
      basis_points: terms.basis_points,
      duration_in_months: terms.duration_in_months,
      starts_at: terms.starts_at,
      ends_at: terms.ends_at,
    };
    if (body.name !== undefined) data.name = body.name;
    if (fixedPart) {
      data.currency = fixedPart.terms.currency;
      data.amounts = fixedPart.terms.amounts;
    }
    if (body.code !== undefined) {
      data.code = body.code;
      data.code_key = codeKey ?? null;
    }
    if (body.max_redemptions !== undefined) data.max_redemptions = body.max_redemptions;
    if (body.metadata !== undefined) data.metadata = body.metadata;
    await tx.discount.update({ where: { id }, data });
    if (body.products) {
      await tx.discountProduct.deleteMany({ where: { discount_id: id } });
      await tx.discountProduct.createMany({
        data: distinct(body.products).map((product_id) => ({ discount_id: id, product_id })),
      });
    }
    return getDiscount(tx, principal, id);
  }, TRANSACTION_OPTIONS);
}

/** Marks the discount deleted and frees its code; a second delete is 404. */
export async function deleteDiscount(db: Db, principal: Principal, id: string, now = new Date()) {
  await db.$transaction(async (tx) => {
    // After a confirm holding the row commits, so that confirm's redemption is counted first.
    await lockRow(tx, "discounts", id);
    foundOrThrow(
      await tx.discount.findFirst({
        where: { id, deleted_at: null, ...tenantWhere(principal) },
        select: { id: true },
      }),
    );
    await tx.discount.update({ where: { id }, data: { deleted_at: now, modified_at: now, code_key: null } });
  }, TRANSACTION_OPTIONS);
}
