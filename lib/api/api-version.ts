// The reference API's version header: the current Polar SDK sends `Polar-Version: 2026-10` (a
// year and a month) with every call. This API has one shape for everyone; the header only changes
// what a client of that version reads differently from a client of the specification's era
// (docs/polar-sdk.md, "API versions"): a receipt as `{url}` instead of the PDF, a webhook
// endpoint's secret on every read instead of once.
const VERSION = /^\d{4}-\d{2}$/;

/** The `Polar-Version` the request names, or null (none, or not a version). */
export function requestApiVersion(request: Request): string | null {
  const value = request.headers.get("polar-version")?.trim() ?? "";
  return VERSION.test(value) ? value : null;
}

/**
 * A JSON answer as a client of the current reference API reads it. That API has no free price
 * type: a free price is a fixed price of 0 there (the 1.x SDK declares no other), so every price
 * (an object with `amount_type` and `price_currency`) that is `free` here reads as `fixed`, 0. The
 * specification's era (no header) reads `free`. Returns the same object when nothing changes.
 */
export function currentApiShape(value: unknown): unknown {
  if (Array.isArray(value)) {
    let changed = false;
    const items = value.map((item) => {
      const shaped = currentApiShape(item);
      if (shaped !== item) changed = true;
      return shaped;
    });
    return changed ? items : value;
  }
  if (value === null || typeof value !== "object" || value instanceof Date) return value;
  const record = value as Record<string, unknown>;
  let copy: Record<string, unknown> | null = null;
  for (const [key, item] of Object.entries(record)) {
    const shaped = currentApiShape(item);
    if (shaped !== item) (copy ??= { ...record })[key] = shaped;
  }
  const result = copy ?? record;
  if (result.amount_type === "free" && "price_currency" in result) {
    return { ...result, amount_type: "fixed", price_amount: 0 };
  }
  return result;
}
