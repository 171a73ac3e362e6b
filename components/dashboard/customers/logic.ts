// The customer form's values and the bodies of POST /v1/customers/ and PATCH /v1/customers/{id}
// (Polar's shape: email, name, external_id, billing_address, tax_id, metadata).
import type { CustomerAddress, CustomerBody, CustomerResource } from "../hooks/customers";
import { changedOnly, metadataFromRows, type Built, metadataRows, type MetadataRow } from "../forms/values";

export const CUSTOMER_SORT_FIELDS = ["created_at", "email", "name"] as const;

const ADDRESS_PARTS = ["line1", "line2", "postal_code", "city", "state", "country"] as const;

export const CUSTOMER_FIELDS = [
  "email",
  "name",
  "external_id",
  "tax_id",
  "billing_address",
  ...ADDRESS_PARTS.map((part) => `billing_address.${part}`),
  "metadata",
] as const;

export type CustomerForm = {
  email: string;
  name: string;
  external_id: string;
  tax_id: string;
  address: Record<(typeof ADDRESS_PARTS)[number], string>;
  metadata: MetadataRow[];
};

const EMPTY_ADDRESS = { line1: "", line2: "", postal_code: "", city: "", state: "", country: "" };

export const EMPTY_CUSTOMER_FORM: CustomerForm = {
  email: "",
  name: "",
  external_id: "",
  tax_id: "",
  address: EMPTY_ADDRESS,
  metadata: [],
};

export function formFromCustomer(customer: CustomerResource): CustomerForm {
  const address = customer.billing_address;
  return {
    email: customer.email,
    name: customer.name ?? "",
    external_id: customer.external_id ?? "",
    tax_id: customer.tax_id?.[0] ?? "",
    address: address
      ? (Object.fromEntries(
          ADDRESS_PARTS.map((part) => [part, address[part] ?? ""]),
        ) as CustomerForm["address"])
      : EMPTY_ADDRESS,
    metadata: metadataRows(customer.metadata),
  };
}

/** The address, or null when every part is empty; a partial address needs its country. */
function addressFrom(form: CustomerForm["address"]): CustomerAddress | null {
  if (ADDRESS_PARTS.every((part) => !form[part].trim())) return null;
  const address: CustomerAddress = { country: form.country.trim().toUpperCase() };
  for (const part of ADDRESS_PARTS) {
    if (part !== "country") address[part] = form[part].trim() || null;
  }
  return address;
}

export function customerBody(
  form: CustomerForm,
  original?: CustomerResource,
): { body: CustomerBody; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const body: CustomerBody = {
    email: form.email.trim(),
    name: form.name.trim() || null,
    external_id: form.external_id.trim() || null,
    tax_id: form.tax_id.trim() || null,
    billing_address: addressFrom(form.address),
    metadata: metadataFromRows(form.metadata, original?.metadata),
  };
  if (!/^[^\s@]+@[^\s@]+$/.test(body.email ?? "")) errors.email = "Enter an email address.";
  if (body.billing_address && !body.billing_address.country)
    errors["billing_address.country"] = "Pick the country of the address.";
  return { body, errors };
}

/** The PATCH body: only what changed. */
export function customerPatch(form: CustomerForm, customer: CustomerResource): Built<CustomerBody> {
  return changedOnly(customerBody(form, customer), {
    ...customer,
    tax_id: customer.tax_id?.[0] ?? null,
    external_id: customer.external_id ?? null,
  });
}

/** What the form hook needs of this area (docs/dashboard.md, "Forms"). */
export const CUSTOMER_FORM_LOGIC = {
  fields: CUSTOMER_FIELDS,
  conflictField: "email",
  empty: EMPTY_CUSTOMER_FORM,
  fromRecord: formFromCustomer,
  body: customerBody,
  patch: customerPatch,
};
