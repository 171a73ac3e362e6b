// The seller's legal details on the organization (docs/tax.md "Seller details"): legal name,
// address and tax ID, as PATCH /v1/organizations/{id} takes them and the organization answers them.
// The tax ID's format per type is lib/core/tax-ids.ts's; it is stored normalised with its type.
import { z } from "zod";
// Types only: the checkout page's browser code reads these schemas, and must not load the Prisma client.
import type { Organization } from "../generated/prisma/client";
import { COUNTRIES } from "../core/countries";
import { addressInput, addressSchema, toAddress } from "../core/schemas";
import {
  guessTaxIdType,
  normalizeTaxId,
  TAX_ID_MAX_LENGTH,
  TAX_ID_TYPES,
  taxIdProblem,
  type TaxIdType,
} from "../core/tax-ids";

const COUNTRY_CODES: ReadonlySet<string> = new Set(COUNTRIES.map(([code]) => code));

// --- output --------------------------------------------------------------------------------------

export const sellerDetailsShape = {
  legal_name: z.string().nullable().describe("The seller's legal name, as invoices show it."),
  address: addressSchema.nullable().describe("The seller's address; its country is always given."),
  tax_id: z
    .tuple([z.string(), z.string()])
    .nullable()
    .describe(
      'The seller\'s tax ID as [value, type] (e.g. ["DE123456789", "eu_vat"]), the value normalised.',
    ),
  country: z
    .string()
    .nullable()
    .describe("The country of the seller's address (ISO 3166-1 alpha-2), or null without an address."),
};

type SellerRow = Pick<Organization, "legal_name" | "address" | "tax_id" | "tax_id_type">;

export function toSellerDetails(row: SellerRow) {
  const address = toAddress(row.address);
  return {
    legal_name: row.legal_name,
    address,
    tax_id: row.tax_id && row.tax_id_type ? ([row.tax_id, row.tax_id_type] as [string, string]) : null,
    country: address?.country || null,
  };
}

// --- input ---------------------------------------------------------------------------------------

/** Trimmed; empty clears it, like null. */
const legalNameInput = z
  .string()
  .trim()
  .max(255)
  .transform((name) => name || null)
  .nullable();

/** The Address object; its country one of lib/core/countries.ts. null clears it. */
export const sellerAddressInput = addressInput
  .refine((address) => COUNTRY_CODES.has(address.country), {
    message: "Unknown country code",
    path: ["country"],
  })
  .nullable();

export type SellerAddress = NonNullable<z.output<typeof sellerAddressInput>>;

export type SellerTaxId = { value: string; type: TaxIdType };

/**
 * `[value, type]`, or the value alone (or `[value, null]`) when its own letters tell its type
 * (lib/core/tax-ids.ts `guessTaxIdType`). The value's format is checked for its type; it comes out
 * normalised. null clears it.
 */
const sellerTaxIdInput = z
  .preprocess(
    (value) => (typeof value === "string" ? [value, null] : value),
    z.tuple(
      [
        z.string().trim().min(1).max(TAX_ID_MAX_LENGTH),
        z
          .string()
          .max(32)
          .refine((type) => (TAX_ID_TYPES as readonly string[]).includes(type), {
            message: `Tax ID type should be one of ${TAX_ID_TYPES.join(", ")}`,
            abort: true,
          })
          .nullable(),
      ],
      { error: 'Tax ID should be a [value, type] pair, such as ["DE123456789", "eu_vat"]' },
    ),
  )
  .transform((pair, context): SellerTaxId => {
    const [value, given] = pair;
    const type = given ?? guessTaxIdType(value);
    if (!type) {
      context.addIssue({
        code: "custom",
        message: `Give the tax ID's type: one of ${TAX_ID_TYPES.join(", ")}`,
        input: pair,
      });
      return z.NEVER;
    }
    const problem = taxIdProblem(value, type);
    if (problem) {
      context.addIssue({ code: "custom", message: problem, input: pair });
      return z.NEVER;
    }
    return { value: normalizeTaxId(value), type: type as TaxIdType };
  })
  .nullable();

export const sellerDetailsInput = {
  legal_name: legalNameInput
    .optional()
    .describe("The seller's legal name (at most 255 characters); null clears it."),
  address: sellerAddressInput
    .optional()
    .describe("The seller's address (country required, ISO 3166-1 alpha-2); null clears it."),
  tax_id: sellerTaxIdInput
    .optional()
    .describe(
      "The seller's tax ID as [value, type], type one of eu_vat, gb_vat, ch_vat, no_vat, au_abn, ca_bn (docs/tax.md); null clears it.",
    ),
};
