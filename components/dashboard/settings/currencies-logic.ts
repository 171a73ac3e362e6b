// The "Currencies" settings form (docs/currencies.md): the default presentment currency and the
// overrides of the built-in country → currency map, typed one per line ("CH eur"), and the PATCH
// of what changed. Checked with the server's own rules before sending.
import { countryCode, presentmentCurrency } from "@/lib/currency/codes";
import { MAX_CURRENCY_OVERRIDES } from "@/lib/currency/settings";
import type { OrganizationResource, UpdateOrganization } from "../hooks/organizations";
import type { Built } from "../forms/values";

export const CURRENCY_FIELDS = ["default_presentment_currency", "currency_by_country"] as const;

export type CurrenciesForm = { default_presentment_currency: string; overrides: string };

export function formFromCurrencies(organization: OrganizationResource): CurrenciesForm {
  return {
    default_presentment_currency: organization.default_presentment_currency,
    overrides: Object.entries(organization.currency_by_country ?? {})
      .map(([country, currency]) => `${country} ${currency}`)
      .join("\n"),
  };
}

/** "CH eur" lines → {CH: "eur"}; the first bad line's problem otherwise. */
export function parseOverrides(text: string): { map: Record<string, string> } | { error: string } {
  const map: Record<string, string> = {};
  const lines = text
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);
  for (const [index, line] of lines.entries()) {
    const [country = "", currency = "", ...rest] = line.split(/[\s=:,;]+/);
    const c = countryCode.safeParse(country);
    const m = presentmentCurrency.safeParse(currency);
    if (!c.success || !m.success || rest.length)
      return { error: `Line ${index + 1}: write a country code and a currency, e.g. "CH eur".` };
    if (c.data in map) return { error: `Line ${index + 1}: ${c.data} is given twice.` };
    map[c.data] = m.data;
  }
  if (Object.keys(map).length > MAX_CURRENCY_OVERRIDES)
    return { error: `At most ${MAX_CURRENCY_OVERRIDES} countries.` };
  return { map };
}

type Body = Pick<UpdateOrganization, "default_presentment_currency" | "currency_by_country">;

export function currenciesPatch(form: CurrenciesForm, organization: OrganizationResource): Built<Body> {
  const errors: Record<string, string> = {};
  const body: Body = {};
  const currency = presentmentCurrency.safeParse(form.default_presentment_currency);
  if (!currency.success) errors.default_presentment_currency = "Choose a currency.";
  else if (currency.data !== organization.default_presentment_currency)
    body.default_presentment_currency = currency.data;
  const parsed = parseOverrides(form.overrides);
  if ("error" in parsed) errors.currency_by_country = parsed.error;
  else if (JSON.stringify(parsed.map) !== JSON.stringify(organization.currency_by_country ?? {}))
    body.currency_by_country = parsed.map;
  return { body, errors };
}
