// The "Seller details" form's values and the PATCH body made from them (docs/tax.md "Seller
// details"): legal name, address and tax ID, each sent only when it changed; an empty legal name,
// address or tax ID clears it (null). The tax ID is checked with the server's own format rules
// (lib/core/tax-ids.ts) before sending, and its type recognised from the number when none is chosen.
import { guessTaxIdType, normalizeTaxId, TAX_ID_TYPES, taxIdProblem } from "@/lib/core/tax-ids";
import type { OrganizationResource, UpdateOrganization } from "../hooks/organizations";
import { changedFields, type Built } from "../forms/values";

export const SELLER_ADDRESS_PARTS = ["line1", "line2", "postal_code", "city", "state", "country"] as const;
type AddressPart = (typeof SELLER_ADDRESS_PARTS)[number];

export const SELLER_FIELDS = [
  "legal_name",
  "address",
  ...SELLER_ADDRESS_PARTS.map((part) => `address.${part}`),
  "tax_id",
  "tax_id.1",
] as const;

export type SellerDetailsForm = {
  legal_name: string;
  address: Record<AddressPart, string>;
  tax_id: string;
  /** One of TAX_ID_TYPES, or "" to recognise it from the number. */
  tax_id_type: string;
};

type SellerBody = Pick<UpdateOrganization, "legal_name" | "address" | "tax_id">;
type Address = { [K in AddressPart]: K extends "country" ? string : string | null };

export function formFromSeller(organization: OrganizationResource): SellerDetailsForm {
  const address = organization.address;
  return {
    legal_name: organization.legal_name ?? "",
    address: Object.fromEntries(
      SELLER_ADDRESS_PARTS.map((part) => [part, address?.[part] ?? ""]),
    ) as SellerDetailsForm["address"],
    tax_id: organization.tax_id?.[0] ?? "",
    tax_id_type: organization.tax_id?.[1] ?? "",
  };
}

/** The address as the API shows it (every part, null when empty), or null when nothing is typed. */
function addressFrom(form: SellerDetailsForm["address"]): Address | null {
  if (SELLER_ADDRESS_PARTS.every((part) => !form[part].trim())) return null;
  const part = (name: Exclude<AddressPart, "country">) => form[name].trim() || null;
  return {
    line1: part("line1"),
    line2: part("line2"),
    postal_code: part("postal_code"),
    city: part("city"),
    state: part("state"),
    country: form.country.trim().toUpperCase(),
  };
}

/** Only what changed, or the problems found before sending. */
export function sellerDetailsPatch(
  form: SellerDetailsForm,
  organization: OrganizationResource,
): Built<SellerBody> {
  const errors: Record<string, string> = {};
  const address = addressFrom(form.address);
  if (address && !address.country) errors["address.country"] = "Choose the country of the address.";
  let taxId: [string, string] | null = null;
  const value = normalizeTaxId(form.tax_id);
  if (value) {
    const type = form.tax_id_type || guessTaxIdType(value);
    if (!type) errors["tax_id.1"] = `Choose the tax ID's type (${TAX_ID_TYPES.join(", ")}).`;
    else {
      const problem = taxIdProblem(value, type);
      if (problem) errors.tax_id = problem;
      taxId = [value, type];
    }
  }
  const body = changedFields(
    {
      legal_name: organization.legal_name ?? null,
      address: organization.address ?? null,
      tax_id: organization.tax_id ?? null,
    },
    { legal_name: form.legal_name.trim() || null, address, tax_id: taxId },
  );
  return { body, errors };
}
