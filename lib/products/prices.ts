// The rules of a product's prices, pure: what a new price needs for its amount type and must share
// with its product (one-time or recurring), and that an existing price never changes. A price's
// amount never changes in place because past orders and live subscriptions point at the row: a new
// amount is a new price, and the old one is archived (./manage.ts).
import { randomUUID } from "node:crypto";
import type { Prisma, ProductPrice } from "../generated/prisma/client";
import type { Problem } from "../core/errors";
import type { PriceInput } from "./schemas";

type Loc = Problem["loc"];

const problem = (type: string, loc: Loc, msg: string, input: unknown = null): Problem => ({
  type,
  loc,
  msg,
  input,
});
const missing = (loc: Loc) => problem("missing", loc, "Field required");

/** What a new price at `loc` lacks or gets wrong, for a product that is (not) recurring. */
export function newPriceProblems(price: PriceInput, loc: Loc, isRecurring: boolean): Problem[] {
  const problems: Problem[] = [];
  const at = (field: string): Loc => [...loc, field];
  if (!price.amount_type) problems.push(missing(at("amount_type")));
  if (price.amount_type === "fixed" && price.price_amount == null) problems.push(missing(at("price_amount")));
  if (price.amount_type === "custom") {
    const { minimum_amount: min, maximum_amount: max, preset_amount: preset } = price;
    if (min != null && max != null && min > max)
      problems.push(
        problem(
          "value_error",
          at("minimum_amount"),
          "minimum_amount should be less than or equal to maximum_amount",
          min,
        ),
      );
    if (preset != null && min != null && preset < min)
      problems.push(
        problem(
          "value_error",
          at("preset_amount"),
          "preset_amount should be greater than or equal to minimum_amount",
          preset,
        ),
      );
    if (preset != null && max != null && preset > max)
      problems.push(
        problem(
          "value_error",
          at("preset_amount"),
          "preset_amount should be less than or equal to maximum_amount",
          preset,
        ),
      );
  }
  if (isRecurring) {
    if (price.type === "one_time")
      problems.push(
        problem("value_error", at("type"), "A recurring product has recurring prices.", price.type),
      );
    if (price.recurring_interval == null) problems.push(missing(at("recurring_interval")));
  } else {
    if (price.type === "recurring")
      problems.push(
        problem("value_error", at("type"), "A one-time product has one-time prices.", price.type),
      );
    if (price.recurring_interval != null)
      problems.push(
        problem(
          "value_error",
          at("recurring_interval"),
          "A one-time product's prices have no recurring_interval.",
          price.recurring_interval,
        ),
      );
  }
  return problems;
}

const COMPARED = [
  "amount_type",
  "price_currency",
  "price_amount",
  "minimum_amount",
  "maximum_amount",
  "preset_amount",
  "type",
  "recurring_interval",
  "tax_behavior",
] as const;

/**
 * An existing price is kept as it is. A client may send it back whole (as the API showed it), so
 * fields equal to the stored ones pass; a different one would be silently ignored otherwise, so it
 * is refused, with the way to change a price.
 */
export function keptPriceProblems(price: PriceInput, loc: Loc, stored: ProductPrice): Problem[] {
  return COMPARED.flatMap((field) =>
    price[field] === undefined || (price[field] ?? null) === stored[field]
      ? []
      : [
          problem(
            "value_error",
            [...loc, field],
            "A price cannot be changed: leave it out of `prices` to archive it, and add a new price.",
            price[field],
          ),
        ],
  );
}

type Interval = NonNullable<PriceInput["recurring_interval"]>;

/**
 * The current reference API names the interval on the product (`recurring_interval`) and none on
 * its prices: a new price that names no interval of its own takes the product's. `interval` is the
 * product's (null or undefined: none, and the prices say for themselves).
 */
export function withProductInterval(
  prices: PriceInput[],
  interval: Interval | null | undefined,
): PriceInput[] {
  if (!interval) return prices;
  return prices.map((price) =>
    price.id !== undefined || price.recurring_interval != null || price.type === "one_time"
      ? price
      : { ...price, recurring_interval: interval },
  );
}

/**
 * A product's own `recurring_interval` (the current API's way) against `is_recurring` when both
 * are sent: a one-time product has none, a recurring one needs one.
 */
export function productIntervalProblems(
  isRecurring: boolean | undefined,
  interval: Interval | null | undefined,
): Problem[] {
  if (interval === undefined || isRecurring === undefined) return [];
  if (isRecurring && interval === null) return [missing(["body", "recurring_interval"])];
  if (!isRecurring && interval !== null)
    return [
      problem(
        "value_error",
        ["body", "recurring_interval"],
        "A one-time product has no recurring_interval.",
        interval,
      ),
    ];
  return [];
}

/** Whether the prices given make a recurring product: a `recurring` type or an interval. */
export function pricesAreRecurring(prices: PriceInput[]): boolean {
  return prices.some((price) => price.type === "recurring" || price.recurring_interval != null);
}

/** The row of a new (valid) price; fields of the other amount types are not stored. */
export function newPriceRow(
  price: PriceInput,
  productId: string,
  isRecurring: boolean,
  createdAt: Date,
): Prisma.ProductPriceUncheckedCreateInput {
  const custom = price.amount_type === "custom";
  return {
    id: randomUUID(),
    created_at: createdAt,
    product_id: productId,
    type: isRecurring ? "recurring" : "one_time",
    recurring_interval: isRecurring ? price.recurring_interval : null,
    amount_type: price.amount_type!,
    price_currency: price.price_currency ?? "usd",
    price_amount: price.amount_type === "fixed" ? price.price_amount : null,
    minimum_amount: custom ? (price.minimum_amount ?? null) : null,
    maximum_amount: custom ? (price.maximum_amount ?? null) : null,
    preset_amount: custom ? (price.preset_amount ?? null) : null,
    tax_behavior: price.tax_behavior ?? null,
  };
}

/**
 * The creation time of the `index`-th price given in one request: a millisecond apart, so that
 * listing prices by creation keeps the order they were given in (and the checkout's default price,
 * the first, is the first given).
 */
export function priceCreatedAt(now: Date, index: number): Date {
  return new Date(now.getTime() + index);
}

type PriceKey = Pick<ProductPrice, "price_currency" | "recurring_interval" | "amount_type">;

/**
 * A product priced in several currencies has one price per currency for each interval and amount
 * type (docs/currencies.md "Prices"): the checkout finds a price's counterpart in the buyer's
 * currency by them. A product in one currency may offer several alternatives, as before. Each new
 * price (`isNew`) that repeats an earlier one is refused at its `loc`; prices a product already
 * had are not (a product from before the rule keeps selling).
 */
export function duplicateCurrencyProblems(prices: { key: PriceKey; loc: Loc; isNew: boolean }[]): Problem[] {
  if (new Set(prices.map(({ key }) => key.price_currency)).size < 2) return [];
  const seen = new Set<string>();
  const problems: Problem[] = [];
  // Existing prices first: a new one is the one that repeats.
  for (const { key, loc, isNew } of [...prices].sort((a, b) => Number(a.isNew) - Number(b.isNew))) {
    const id = `${key.price_currency}:${key.recurring_interval ?? ""}:${key.amount_type}`;
    if (seen.has(id) && isNew)
      problems.push(
        problem(
          "value_error",
          [...loc, "price_currency"],
          `The product already has a ${key.amount_type} price in ${key.price_currency.toUpperCase()}${
            key.recurring_interval ? ` every ${key.recurring_interval}` : ""
          }: one price per currency.`,
          key.price_currency,
        ),
      );
    seen.add(id);
  }
  return problems;
}

/** A new price's key as newPriceRow will store it. */
export function newPriceKey(price: PriceInput, isRecurring: boolean): PriceKey {
  return {
    price_currency: price.price_currency ?? "usd",
    recurring_interval: isRecurring ? (price.recurring_interval ?? null) : null,
    amount_type: price.amount_type!,
  };
}
