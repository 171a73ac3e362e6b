// GET /v1/organizations/{id}/tax-rates — the organization's tax rates; PUT replaces the whole list
// atomically (checkouts priced afterwards use the new rates).
import { methods, route } from "@/lib/api/handler";
import { organizationParams } from "@/lib/organizations/schemas";
import { replaceTaxRatesBody, taxRatesSchema } from "@/lib/organizations/tax-rate-schemas";
import { listTaxRates, replaceTaxRates } from "@/lib/organizations/tax-rates";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      auth: "organizations:read",
      params: organizationParams,
      output: taxRatesSchema,
      summary: "The organization's tax rates, by country then state (basis points of the subtotal)",
    },
    ({ db, principal, params }) => listTaxRates(db, principal, params.id),
  ),
  PUT: route(
    {
      auth: "organizations:write",
      params: organizationParams,
      body: replaceTaxRatesBody,
      output: taxRatesSchema,
      summary: "Replace the tax rates: one per country, or per country and state; an empty list removes all",
    },
    ({ db, principal, params, body }) => replaceTaxRates(db, principal, params.id, body),
  ),
});
