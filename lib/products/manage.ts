// Writing products: create, update (only the fields sent) and set the benefits, each in one
// transaction. A product in use is archived (is_archived), never deleted (only one nothing refers
// to is: ./delete.ts), and a price left out of a PATCH's `prices` is archived, so past orders and
// live subscriptions keep the price row they were sold at. An archived product or price cannot be bought (lib/checkout refuses it).
//
// Two writes of one product are serialized by a row lock on it, taken before it is read: of two
// PATCHes racing with different price lists, the second sees the first's prices and archives
// those it leaves out, so the product never ends up with both lists' new prices.
import { randomUUID } from "node:crypto";
import type { Db, Tx } from "../db/client";
import type { Prisma, ProductPrice } from "../generated/prisma/client";
import type { Principal } from "../core/principal";
import { ApiError, type Problem } from "../core/errors";
import { lockRow } from "../core/row-lock";
import { foundOrThrow, organizationForCreate, tenantWhere } from "../core/tenancy";
import { getProduct } from "./service";
import {
  benefitProblems,
  customFieldProblems,
  mediaProblems,
  setAttachedCustomFields,
  setBenefits,
  setMedias,
} from "./links";
import {
  duplicateCurrencyProblems,
  keptPriceProblems,
  newPriceKey,
  newPriceProblems,
  newPriceRow,
  priceCreatedAt,
  pricesAreRecurring,
  productIntervalProblems,
  withProductInterval,
} from "./prices";
import type { TrialInterval } from "../subscriptions/trial-terms";
import type { CreateProductBody, PriceInput, UpdateProductBenefitsBody, UpdateProductBody } from "./schemas";

// Short transactions; a burst of writes may queue for a pooled connection rather than fail.
const TRANSACTION_OPTIONS = { maxWait: 10_000, timeout: 10_000 };

export async function createProduct(db: Db, principal: Principal, body: CreateProductBody, now = new Date()) {
  const organizationId = organizationForCreate(principal, body.organization_id);
  const interval = body.recurring_interval;
  // A product said to be one-time keeps its prices as sent (the contradiction is reported once).
  const prices = body.is_recurring === false ? body.prices : withProductInterval(body.prices, interval);
  // The product's own interval, when sent, says it (the current API's way); else the prices do.
  const isRecurring =
    body.is_recurring ?? (interval !== undefined ? interval !== null : pricesAreRecurring(prices));
  return db.$transaction(async (tx) => {
    const problems = [
      ...productIntervalProblems(body.is_recurring, interval),
      ...trialProblems(body, isRecurring, null),
      ...prices.flatMap((price, index) => newPriceProblems(price, ["body", "prices", index], isRecurring)),
      ...(await mediaProblems(tx, organizationId, body.medias)),
      ...(await customFieldProblems(tx, organizationId, body.attached_custom_fields)),
    ];
    // Checked on prices that are otherwise valid (their keys are then complete).
    if (!problems.length)
      problems.push(
        ...duplicateCurrencyProblems(
          prices.map((price, index) => ({
            key: newPriceKey(price, isRecurring),
            loc: ["body", "prices", index],
            isNew: true,
          })),
        ),
      );
    if (problems.length) throw ApiError.validation(problems);
    const id = randomUUID();
    await tx.product.create({
      data: {
        id,
        created_at: now,
        organization_id: organizationId,
        name: body.name,
        description: body.description ?? null,
        is_recurring: isRecurring,
        metadata: body.metadata,
        ...trialColumns(body, null),
      },
    });
    await tx.productPrice.createMany({
      data: prices.map((price, index) => newPriceRow(price, id, isRecurring, priceCreatedAt(now, index))),
    });
    if (body.medias) await setMedias(tx, id, body.medias);
    if (body.attached_custom_fields) await setAttachedCustomFields(tx, id, body.attached_custom_fields);
    return getProduct(tx, principal, id);
  }, TRANSACTION_OPTIONS);
}

type TrialBody = Pick<CreateProductBody, "trial_interval" | "trial_interval_count">;

/** A trial is for a recurring product, and its count needs its interval. */
function trialProblems(body: TrialBody, isRecurring: boolean, currentInterval: string | null): Problem[] {
  const problem = (field: keyof TrialBody, msg: string): Problem[] => [
    { type: "value_error", loc: ["body", field], msg, input: body[field] },
  ];
  if (body.trial_interval && !isRecurring)
    return problem("trial_interval", "A trial is for recurring products only.");
  const interval = body.trial_interval === undefined ? currentInterval : body.trial_interval;
  if (body.trial_interval_count && !interval)
    return problem("trial_interval_count", "Give trial_interval with trial_interval_count.");
  return [];
}

/** The trial columns the body changes (none when it sends neither field). */
function trialColumns(body: TrialBody, currentInterval: string | null) {
  if (body.trial_interval === undefined && !body.trial_interval_count) return {};
  const interval = body.trial_interval === undefined ? currentInterval : body.trial_interval;
  if (!interval) return { trial_interval: null, trial_interval_count: null };
  return {
    trial_interval: interval as TrialInterval,
    trial_interval_count: body.trial_interval_count ?? 1,
  };
}

/** The product `id` of the caller's organizations, locked for the rest of the transaction; or 404. */
async function lockProduct(tx: Tx, principal: Principal, id: string) {
  await lockRow(tx, "products", id);
  return foundOrThrow(
    await tx.product.findFirst({
      where: { id, ...tenantWhere(principal) },
      include: { prices: { where: { is_archived: false } } },
    }),
  );
}

/**
 * A PATCH's `prices` against the product's current prices: which existing ones it keeps, which it
 * adds, and what is wrong with it. An `id` must name one of the product's prices that can still be
 * bought (an archived one, or one of another product or organization, is not found).
 */
function planPrices(prices: PriceInput[], current: ProductPrice[], isRecurring: boolean) {
  const byId = new Map(current.map((price) => [price.id, price]));
  const kept = new Set<string>();
  const added: PriceInput[] = [];
  const keys: Parameters<typeof duplicateCurrencyProblems>[0] = [];
  const problems: Problem[] = [];
  prices.forEach((price, index) => {
    const loc = ["body", "prices", index];
    if (price.id === undefined) {
      added.push(price);
      const own = newPriceProblems(price, loc, isRecurring);
      problems.push(...own);
      if (!own.length) keys.push({ key: newPriceKey(price, isRecurring), loc, isNew: true });
      return;
    }
    const stored = byId.get(price.id);
    const refuse = (msg: string) =>
      problems.push({ type: "value_error", loc: [...loc, "id"], msg, input: price.id });
    if (!stored) refuse("Price not found.");
    else if (kept.has(price.id)) refuse("Duplicate price.");
    else {
      kept.add(price.id);
      problems.push(...keptPriceProblems(price, loc, stored));
      keys.push({ key: stored, loc, isNew: false });
    }
  });
  if (!problems.length) problems.push(...duplicateCurrencyProblems(keys));
  return { kept, added, problems };
}

export async function updateProduct(
  db: Db,
  principal: Principal,
  id: string,
  body: UpdateProductBody,
  now = new Date(),
) {
  return db.$transaction(async (tx) => {
    const current = await lockProduct(tx, principal, id);
    const organizationId = current.organization_id;
    const problems: Problem[] = [];
    if (body.is_recurring !== undefined && body.is_recurring !== current.is_recurring) {
      problems.push({
        type: "value_error",
        loc: ["body", "is_recurring"],
        msg: "is_recurring cannot be changed: create a new product.",
        input: body.is_recurring,
      });
    }
    // The current API sends the product's interval, which cannot change either; new prices that
    // name none take the product's.
    const currentInterval = current.is_recurring ? current.recurring_interval : null;
    if (body.recurring_interval !== undefined && body.recurring_interval !== currentInterval) {
      problems.push({
        type: "value_error",
        loc: ["body", "recurring_interval"],
        msg: "recurring_interval cannot be changed: create a new product.",
        input: body.recurring_interval,
      });
    }
    problems.push(...trialProblems(body, current.is_recurring, current.trial_interval));
    const plan = body.prices
      ? planPrices(withProductInterval(body.prices, currentInterval), current.prices, current.is_recurring)
      : null;
    if (plan) problems.push(...plan.problems);
    // The rule holds on the product as it will be: buyable prices, unless it is archived. A valid
    // non-empty `prices` leaves at least one (each item is kept or added).
    const archived = body.is_archived ?? current.is_archived;
    const buyable = body.prices ? body.prices.length : current.prices.length;
    if (!archived && buyable === 0) {
      problems.push(
        plan
          ? {
              type: "too_short",
              loc: ["body", "prices"],
              msg: "A product must have at least one price unless it is archived.",
              input: body.prices,
            }
          : {
              type: "value_error",
              loc: ["body", "is_archived"],
              msg: "A product must have at least one price unless it is archived: send `prices` too.",
              input: body.is_archived,
            },
      );
    }
    problems.push(
      ...(await mediaProblems(tx, organizationId, body.medias)),
      ...(await customFieldProblems(tx, organizationId, body.attached_custom_fields)),
    );
    if (problems.length) throw ApiError.validation(problems);

    const data: Prisma.ProductUncheckedUpdateInput = {
      modified_at: now,
      ...trialColumns(body, current.trial_interval),
    };
    if (body.name !== undefined) data.name = body.name;
    if (body.description !== undefined) data.description = body.description;
    if (body.is_archived !== undefined) data.is_archived = body.is_archived;
    if (body.metadata !== undefined) data.metadata = body.metadata;
    await tx.product.update({ where: { id }, data });
    if (plan) {
      await tx.productPrice.updateMany({
        where: { product_id: id, is_archived: false, id: { notIn: [...plan.kept] } },
        data: { is_archived: true, modified_at: now },
      });
      await tx.productPrice.createMany({
        data: plan.added.map((price, index) =>
          newPriceRow(price, id, current.is_recurring, priceCreatedAt(now, index)),
        ),
      });
    }
    if (body.medias) await setMedias(tx, id, body.medias);
    if (body.attached_custom_fields) await setAttachedCustomFields(tx, id, body.attached_custom_fields);
    return getProduct(tx, principal, id);
  }, TRANSACTION_OPTIONS);
}

/**
 * Sets the product's benefits, in the order given. Customers who already bought it keep the grants
 * they have (no grant is revoked or added here); the new list applies to orders processed from now
 * on (lib/orders/processing.ts).
 */
export async function updateProductBenefits(
  db: Db,
  principal: Principal,
  id: string,
  body: UpdateProductBenefitsBody,
  now = new Date(),
) {
  return db.$transaction(async (tx) => {
    const current = await lockProduct(tx, principal, id);
    const problems = await benefitProblems(tx, current.organization_id, body.benefits);
    if (problems.length) throw ApiError.validation(problems);
    await setBenefits(tx, id, body.benefits);
    await tx.product.update({ where: { id }, data: { modified_at: now } });
    return getProduct(tx, principal, id);
  }, TRANSACTION_OPTIONS);
}
