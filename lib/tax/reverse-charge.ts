// The EU reverse charge (docs/tax.md "Reverse charge"), pure: no database, no network. A business
// buyer established in another EU member state than the seller, with a VAT number VIES confirmed,
// pays no VAT: the buyer accounts for it (Article 196, Council Directive 2006/112/EC).
import { DEFAULT_LOCALE } from "../i18n/locales";
import { translator, type Translator } from "../i18n/translate";

/** The EU member states, by ISO 3166-1 alpha-2 code (Greece is GR here; its VAT prefix is EL). */
export const EU_MEMBER_STATES: ReadonlySet<string> = new Set([
  "AT",
  "BE",
  "BG",
  "CY",
  "CZ",
  "DE",
  "DK",
  "EE",
  "ES",
  "FI",
  "FR",
  "GR",
  "HR",
  "HU",
  "IE",
  "IT",
  "LT",
  "LU",
  "LV",
  "MT",
  "NL",
  "PL",
  "PT",
  "RO",
  "SE",
  "SI",
  "SK",
]);

/** The line a receipt or invoice carries when the reverse charge applies. */
export const REVERSE_CHARGE_NOTE =
  "Reverse charge: VAT to be accounted for by the recipient (Article 196, Council Directive 2006/112/EC)";

export function isEuMemberState(country: string | null | undefined): boolean {
  return !!country && EU_MEMBER_STATES.has(country.trim().toUpperCase());
}

/**
 * Whether the sale is reverse charged: the seller's address is in an EU member state and the
 * seller has an `eu_vat` tax ID; the buyer's billing country is another member state; the buyer's
 * tax ID is `eu_vat` and verified (VIES said valid). Never on an unverified ID.
 *
 * The buyer's billing country governs, not the country of their VAT number's prefix: a business
 * registered in Germany but billed in France is, for this rule, a French buyer (a French seller
 * then charges French VAT; a German seller reverse charges).
 */
export function reverseCharge(input: {
  sellerCountry: string | null | undefined;
  /** The seller's EU VAT number: its tax ID when of type `eu_vat`, else null (`sellerEuVatId`). */
  sellerVatId: string | null | undefined;
  buyerCountry: string | null | undefined;
  buyerTaxIdType: string | null | undefined;
  buyerTaxIdVerified: boolean;
}): boolean {
  const seller = input.sellerCountry?.trim().toUpperCase();
  const buyer = input.buyerCountry?.trim().toUpperCase();
  if (!seller || !buyer || !isEuMemberState(seller) || !isEuMemberState(buyer)) return false;
  if (seller === buyer) return false;
  if (!input.sellerVatId?.trim()) return false;
  return input.buyerTaxIdType === "eu_vat" && input.buyerTaxIdVerified === true;
}

/** The seller's EU VAT number for the rule: the tax ID when its type is `eu_vat`, else null. */
export function sellerEuVatId(seller: { tax_id: string | null; tax_id_type: string | null }): string | null {
  return seller.tax_id_type === "eu_vat" && seller.tax_id ? seller.tax_id : null;
}

/**
 * The reverse charge's lines on a receipt or invoice: the note, then the seller's and the buyer's
 * VAT IDs, in the buyer's language (`tr`, docs/i18n.md; English, REVERSE_CHARGE_NOTE, by default).
 */
export function reverseChargeLines(
  ids: { sellerVatId: string | null; buyerVatId: string | null },
  tr: Translator = translator(DEFAULT_LOCALE),
): string[] {
  return [
    `${tr.t("receipt.reverseChargeNote")}.`,
    ids.sellerVatId ? tr.t("receipt.sellerVatId", { id: ids.sellerVatId }) : "",
    ids.buyerVatId ? tr.t("receipt.buyerVatId", { id: ids.buyerVatId }) : "",
  ].filter(Boolean);
}
