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
