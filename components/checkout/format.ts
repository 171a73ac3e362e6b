// Price wording and dates for the hosted page (money itself: lib/money.ts). One fixed locale, so
// the server's first paint and the browser's hydration print the same characters.
import { discountDisclosure } from "@/lib/checkout/discount-disclosure";

const LOCALE = "en-US";
export function intervalLabel(interval: "month" | "year" | null | undefined): string {
  return interval === "year" ? "year" : "month";
}

const dateFormat = new Intl.DateTimeFormat(LOCALE, { dateStyle: "medium", timeZone: "UTC" });

export function formatDate(iso: string): string {
  return dateFormat.format(new Date(iso));
}

type DisclosedCheckout = {
  currency: string;
  total_amount: number | null;
  total_amount_after_discount_ends: number | null;
  discount: { duration: "once" | "forever" | "repeating"; duration_in_months: number | null } | null;
  product_price: { type: string; recurring_interval?: "month" | "year" | null };
};

/** "$8.57 today, then $10.71 / month" when the discount covers only the first period(s); else null. */
export function checkoutDisclosure(checkout: DisclosedCheckout): string | null {
  if (checkout.product_price.type !== "recurring") return null;
  return discountDisclosure({
    currency: checkout.currency,
    interval: checkout.product_price.recurring_interval,
    totalToday: checkout.total_amount ?? 0,
    totalAfterDiscount: checkout.total_amount_after_discount_ends,
    discount: checkout.discount,
  });
}
