// A fixed discount's amounts (docs/currencies.md "Discounts"): the primary `amount`/`currency`
// pair, which the reference API and older clients read, and `amounts`, the amount per currency,
// which always holds the primary pair too. Pure.
import type { Problem } from "../core/errors";

type Fixed = { amount: number | null; currency: string | null; amounts: Record<string, number> };

export function storedAmounts(value: unknown): Record<string, number> {
  return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, number>) : {};
}

/**
 * The fixed terms after a create (`current` null) or an update: what is sent wins, the map and the
 * pair are made to agree, and an amount that contradicts the map's for its currency is refused.
 */
export function fixedTerms(
  body: { amount?: number | null; currency?: string | null; amounts?: Record<string, number> | null },
  current: Fixed | null,
): { terms: Fixed; problems: Problem[] } {
  const sentMap = body.amounts ?? null;
  const map = { ...(sentMap ?? current?.amounts ?? {}) };
  const sentKeys = Object.keys(sentMap ?? {});
  let currency: string;
  if (body.currency) currency = body.currency;
  else if (sentMap && body.amount == null && sentKeys.length)
    currency =
      current?.currency && current.currency in sentMap
        ? current.currency
        : "usd" in sentMap
          ? "usd"
          : sentKeys[0]!;
  else currency = current?.currency ?? "usd";
  const problems: Problem[] = [];
  if (body.amount != null && sentMap && currency in sentMap && sentMap[currency] !== body.amount)
    problems.push({
      type: "value_error",
      loc: ["body", "amounts", currency],
      msg: `amounts.${currency} must equal amount.`,
      input: sentMap[currency],
    });
  // Without a map sent, a primary pair that moves to another currency leaves the old one behind.
  if (!sentMap && current?.currency && current.currency !== currency) delete map[current.currency];
  const amount =
    body.amount ?? (currency in map ? map[currency]! : sentMap ? null : (current?.amount ?? null));
  if (amount !== null) map[currency] = amount;
  return { terms: { amount, currency, amounts: map }, problems };
}

/** The map a discount shows: a fixed one's amounts with its primary pair; {} for a percentage one. */
export function discountAmountsOf(row: {
  type: string;
  amount: number | null;
  currency: string | null;
  amounts: unknown;
}): Record<string, number> {
  if (row.type !== "fixed") return {};
  const map = { ...storedAmounts(row.amounts) };
  if (row.currency && row.amount !== null) map[row.currency] = row.amount;
  return map;
}
