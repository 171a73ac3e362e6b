// Money and price wording for the hosted page. One fixed locale, so the server's first paint and
// the browser's hydration print the same characters.

const LOCALE = "en-US";
const formatters = new Map<string, Intl.NumberFormat>();

function formatter(currency: string): Intl.NumberFormat {
  const key = currency.toUpperCase();
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.NumberFormat(LOCALE, { style: "currency", currency: key });
    formatters.set(key, f);
  }
  return f;
}

/** Digits after the decimal point of the currency's minor unit (2 for usd, 0 for jpy). */
export function minorDigits(currency: string): number {
  return formatter(currency).resolvedOptions().maximumFractionDigits ?? 2;
}

/** An amount in minor units (cents) as the buyer reads it: 4900 usd → "$49.00". */
export function formatMoney(minor: number, currency: string): string {
  return formatter(currency).format(minor / 10 ** minorDigits(currency));
}

/** A buyer's typed amount ("12", "12.5", "1,200.00") in minor units, or null when it is not a number. */
export function parseMoney(value: string, currency: string): number | null {
  const cleaned = value.replace(/[\s,]/g, "").replace(/^[^\d.]+/, "");
  if (!/^\d+(\.\d*)?$|^\.\d+$/.test(cleaned)) return null;
  const digits = minorDigits(currency);
  const [whole = "0", fraction = ""] = cleaned.split(".");
  if (fraction.length > digits) return null;
  return (
    Number(whole || "0") * 10 ** digits + Number((fraction + "0".repeat(digits)).slice(0, digits) || "0")
  );
}

/** Minor units back to what the amount input shows: 1500 usd → "15.00". */
export function moneyInputValue(minor: number, currency: string): string {
  const digits = minorDigits(currency);
  return (minor / 10 ** digits).toFixed(digits);
}

export function currencySymbol(currency: string): string {
  return (
    formatter(currency)
      .formatToParts(0)
      .find((p) => p.type === "currency")?.value ?? currency
  );
}

export function intervalLabel(interval: "month" | "year" | null | undefined): string {
  return interval === "year" ? "year" : "month";
}

const dateFormat = new Intl.DateTimeFormat(LOCALE, { dateStyle: "medium", timeZone: "UTC" });

export function formatDate(iso: string): string {
  return dateFormat.format(new Date(iso));
}
