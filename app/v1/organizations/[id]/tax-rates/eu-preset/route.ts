// POST /v1/organizations/{id}/tax-rates/eu-preset — loads the dated EU standard-rate preset
// (data/tax/eu-standard-rates.json) into the organization's tax rates: each member state's
// country-wide rate set to the preset's, every other rate kept; answers the rates as GET does.
import { methods, route } from "@/lib/api/handler";
import { organizationParams } from "@/lib/organizations/schemas";
import { taxRatesSchema } from "@/lib/organizations/tax-rate-schemas";
import { loadEuTaxRatePreset } from "@/lib/organizations/tax-rates";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route(
    {
      auth: "organizations:write",
      params: organizationParams,
      output: taxRatesSchema,
      summary:
        "Load the EU standard VAT rates (dated preset): each member state's country-wide rate replaced or added, other rates kept",
    },
    ({ db, principal, params }) => loadEuTaxRatePreset(db, principal, params.id),
  ),
});
