// Checkout session states as the merchant reads them (docs/api.md §4), and price text.
import type { BadgeTone } from "../ui/misc";
import { formatMoney } from "@/lib/money";

export const CHECKOUT_STATUSES = ["open", "expired", "confirmed", "succeeded", "failed"] as const;
export type CheckoutStatus = (typeof CHECKOUT_STATUSES)[number];

export const CHECKOUT_SORT_FIELDS = ["created_at", "expires_at"] as const;

export const CHECKOUT_STATUS_INFO: Record<
  CheckoutStatus,
  { label: string; tone: BadgeTone; meaning: string }
> = {
  open: {
    label: "Open",
    tone: "blue",
    meaning: "Waiting for the buyer: the checkout link works until the session expires.",
  },
  expired: {
    label: "Expired",
    tone: "zinc",
    meaning: "The buyer did not pay before the session expired. The link now shows an expired page.",
  },
  confirmed: {
    label: "Confirmed",
    tone: "amber",
    meaning: "The payment was accepted; the order, customer and benefits are being created.",
  },
  succeeded: {
    label: "Succeeded",
    tone: "green",
    meaning: "Paid and processed: the order exists and the benefits were granted.",
  },
  failed: {
    label: "Failed",
    tone: "red",
    meaning: "The payment was accepted but processing the order failed for good.",
  },
};

/** Only an open session's link can still take a payment. */
export function isLinkUsable(status: CheckoutStatus): boolean {
  return status === "open";
}

type PriceLike = {
  amount_type: "fixed" | "custom" | "free";
  price_amount: number | null;
  price_currency: string;
  minimum_amount: number | null;
  maximum_amount: number | null;
  type: "one_time" | "recurring";
  recurring_interval: "month" | "year" | null;
};

/** "$49.00", "$9.00 / month", "Pay what you want ($3.00 – $500.00)", "Free". */
export function priceText(price: PriceLike): string {
  const interval =
    price.type === "recurring" && price.recurring_interval ? ` / ${price.recurring_interval}` : "";
  if (price.amount_type === "free") return `Free${interval}`;
  if (price.amount_type === "custom") {
    const bounds = [price.minimum_amount, price.maximum_amount].map((amount) =>
      amount === null ? null : formatMoney(amount, price.price_currency),
    );
    const range =
      bounds[0] && bounds[1] ? ` (${bounds[0]} – ${bounds[1]})` : bounds[0] ? ` (from ${bounds[0]})` : "";
    return `Pay what you want${range}${interval}`;
  }
  return `${formatMoney(price.price_amount ?? 0, price.price_currency)}${interval}`;
}

/** An amount that may be null (free prices): "—" then. */
export function moneyOrDash(amount: number | null, currency: string): string {
  return amount === null ? "—" : formatMoney(amount, currency);
}

type DiscountLike = {
  type: "fixed" | "percentage";
  amount: number | null;
  currency: string | null;
  basis_points: number | null;
};

/** "20% off" or "$5.00 off". */
export function discountText(discount: DiscountLike): string {
  if (discount.type === "percentage") return `${(discount.basis_points ?? 0) / 100}% off`;
  return `${formatMoney(discount.amount ?? 0, discount.currency ?? "usd")} off`;
}
