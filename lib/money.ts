// Money for people: amounts are integers in the currency's minor unit everywhere (API, database,
// checkout), and this module is the one place that turns them into text and back. The number of
// minor digits comes from ISO 4217 (jpy 0: ¥500 is 500; usd 2: $49.00 is 4900; bhd 3), from a
// table here rather than the runtime's ICU data, so the server's render and the browser's agree.
// Pure, no Node imports: the hosted checkout, the dashboard and server code all use it.

/**
 * Fixed (never the runtime's default) so a page rendered on the server and hydrated in the browser
 * prints the same characters; a buyer-facing text passes the buyer's (lib/i18n/locales.ts).
 */
const LOCALE = "en-US";

/** ISO 4217 currencies whose minor unit is not hundredths, by digits. */
const MINOR_DIGITS = new Map<string, number>(
  Object.entries({
    0: "bif clp djf gnf isk jpy kmf krw pyg rwf ugx uyi vnd vuv xaf xof xpf",
    3: "bhd iqd jod kwd lyd omr tnd",
    4: "clf uyw",
  }).flatMap(([digits, codes]) => codes.split(" ").map((code) => [code, Number(digits)] as const)),
);

/** Digits after the decimal point of the currency's minor unit (usd 2, jpy 0, bhd 3; unknown: 2). */
export function minorDigits(currency: string): number {
  return MINOR_DIGITS.get(currency.toLowerCase()) ?? 2;
}

const formatters = new Map<string, Intl.NumberFormat | null>();

/** A currency formatter with the currency's exact digits, or null for a code Intl does not accept. */
function formatter(currency: string, compact = false, locale = LOCALE): Intl.NumberFormat | null {
  const code = currency.toUpperCase();
  const key = `${code}:${compact}:${locale}`;
  if (!formatters.has(key)) {
    const digits = minorDigits(code);
    try {
      formatters.set(
        key,
        new Intl.NumberFormat(
          locale,
          compact
            ? { style: "currency", currency: code, notation: "compact", maximumFractionDigits: 1 }
            : {
                style: "currency",
                currency: code,
                minimumFractionDigits: digits,
                maximumFractionDigits: digits,
              },
        ),
      );
    } catch {
      formatters.set(key, null);
    }
  }
  return formatters.get(key) ?? null;
}

/** Minor units as a plain decimal string with the currency's digits, exactly: 1500 usd → "15.00". */
export function moneyInputValue(minor: number, currency: string): string {
  const digits = minorDigits(currency);
  const sign = minor < 0 ? "-" : "";
  const text = String(Math.abs(Math.trunc(minor))).padStart(digits + 1, "0");
  return digits === 0 ? sign + text : `${sign}${text.slice(0, -digits)}.${text.slice(-digits)}`;
}

/**
 * An amount in minor units as a person reads it: 4900 usd → "$49.00", 500 jpy → "¥500"; with an
 * Intl locale such as "de-DE", 4900 eur → "49,00 €".
 */
export function formatMoney(minor: number, currency: string, locale?: string): string {
  const f = formatter(currency, false, locale);
  // Through the exact decimal string, so no binary fraction ever shows.
  const major = moneyInputValue(minor, currency);
  return f ? f.format(Number(major)) : `${major} ${currency.toUpperCase()}`;
}

/** Short amounts for chart axes: 123400 usd → "$1.2K", 50000 jpy → "¥50K". */
export function formatCompactMoney(minor: number, currency: string): string {
  const f = formatter(currency, true);
  const major = minor / 10 ** minorDigits(currency);
  return f ? f.format(major) : `${Math.round(major)} ${currency.toUpperCase()}`;
}

/** A typed amount ("12", "12.5", "$1,200.00") in minor units, or null when it is not an amount. */
export function parseMoney(value: string, currency: string): number | null {
  const cleaned = value.replace(/[\s,]/g, "").replace(/^[^\d.]+/, "");
  if (!/^\d+(\.\d*)?$|^\.\d+$/.test(cleaned)) return null;
  const digits = minorDigits(currency);
  const [whole = "0", fraction = ""] = cleaned.split(".");
  if (fraction.length > digits) return null;
  const minor = Number(whole || "0") * 10 ** digits + Number(fraction.padEnd(digits, "0") || "0");
  return Number.isSafeInteger(minor) ? minor : null;
}

/** The currency's sign as the formatter prints it: "$", "¥", "BHD"; the code when unknown. */
export function currencySymbol(currency: string): string {
  return (
    formatter(currency)
      ?.formatToParts(0)
      .find((part) => part.type === "currency")?.value ?? currency.toUpperCase()
  );
}
