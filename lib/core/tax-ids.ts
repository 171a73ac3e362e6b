// STUB (branch `taxid`): a minimal stand-in for the per-type tax ID format rules that branch
// `seller` owns. Only its interface is relied on (TAX_ID_TYPES, normalizeTaxId, taxIdProblem,
// guessTaxIdType, euCountryOfVat): at the merge, keep `seller`'s file and drop this one.
//
// Formats are the common ones, checked by pattern only (no check digits).

/** The tax ID types accepted, in the reference API's `xx_yyy` form. */
export const TAX_ID_TYPES = ["eu_vat", "gb_vat", "ch_vat", "no_vat", "au_abn", "ca_bn", "us_ein"] as const;
export type TaxIdType = (typeof TAX_ID_TYPES)[number];

/** EU VAT numbers by their prefix (`EL` for Greece, `XI` for Northern Ireland), as VIES knows them. */
const EU_VAT: Record<string, RegExp> = {
  AT: /^ATU\d{8}$/,
  BE: /^BE[01]\d{9}$/,
  BG: /^BG\d{9,10}$/,
  CY: /^CY\d{8}[A-Z]$/,
  CZ: /^CZ\d{8,10}$/,
  DE: /^DE\d{9}$/,
  DK: /^DK\d{8}$/,
  EE: /^EE\d{9}$/,
  EL: /^EL\d{9}$/,
  ES: /^ES[A-Z0-9]\d{7}[A-Z0-9]$/,
  FI: /^FI\d{8}$/,
  FR: /^FR[A-HJ-NP-Z0-9]{2}\d{9}$/,
  HR: /^HR\d{11}$/,
  HU: /^HU\d{8}$/,
  IE: /^IE(\d{7}[A-W][A-I]?|\d[A-Z+*]\d{5}[A-W])$/,
  IT: /^IT\d{11}$/,
  LT: /^LT(\d{9}|\d{12})$/,
  LU: /^LU\d{8}$/,
  LV: /^LV\d{11}$/,
  MT: /^MT\d{8}$/,
  NL: /^NL\d{9}B\d{2}$/,
  PL: /^PL\d{10}$/,
  PT: /^PT\d{9}$/,
  RO: /^RO\d{2,10}$/,
  SE: /^SE\d{12}$/,
  SI: /^SI\d{8}$/,
  SK: /^SK\d{10}$/,
  XI: /^XI(\d{9}|\d{12}|GD\d{3}|HA\d{3})$/,
};

const OTHER: Record<Exclude<TaxIdType, "eu_vat">, RegExp> = {
  gb_vat: /^GB(\d{9}|\d{12}|GD\d{3}|HA\d{3})$/,
  ch_vat: /^CHE\d{9}(MWST|TVA|IVA)?$/,
  no_vat: /^(NO)?\d{9}(MVA)?$/,
  au_abn: /^\d{11}$/,
  ca_bn: /^\d{9}([A-Z]{2}\d{4})?$/,
  us_ein: /^\d{9}$/,
};

/** Upper case, without spaces, dots and dashes (`de 123.456-789` → `DE123456789`; `GR…` → `EL…`). */
export function normalizeTaxId(value: string): string {
  const compact = value.toUpperCase().replace(/[\s.\-/]/g, "");
  return compact.startsWith("GR") ? `EL${compact.slice(2)}` : compact;
}

function isTaxIdType(type: string): type is TaxIdType {
  return (TAX_ID_TYPES as readonly string[]).includes(type);
}

/** What is wrong with `value` as a tax ID of `type`, or null when its format is right. */
export function taxIdProblem(value: string, type: string): string | null {
  if (!isTaxIdType(type)) return `Unknown tax ID type: use one of ${TAX_ID_TYPES.join(", ")}.`;
  const id = normalizeTaxId(value);
  if (type === "eu_vat") {
    const pattern = EU_VAT[id.slice(0, 2)];
    if (!pattern) return "Not an EU VAT number: it should start with an EU country code, like DE123456789.";
    return pattern.test(id) ? null : `Not a valid ${id.slice(0, 2)} VAT number format.`;
  }
  return OTHER[type].test(id) ? null : `Not a valid ${type} format.`;
}

/** The type a bare value has by its form, or null when it cannot be told. */
export function guessTaxIdType(value: string): TaxIdType | null {
  const id = normalizeTaxId(value);
  if (EU_VAT[id.slice(0, 2)]?.test(id)) return "eu_vat";
  for (const type of ["gb_vat", "ch_vat", "au_abn"] as const) if (OTHER[type].test(id)) return type;
  if (/^(NO)?\d{9}MVA$/.test(id)) return "no_vat";
  return null;
}

/** The VIES country code of an EU VAT number (`DE`, `EL`, `XI`), or null when it is none. */
export function euCountryOfVat(value: string): string | null {
  const id = normalizeTaxId(value);
  return EU_VAT[id.slice(0, 2)] ? id.slice(0, 2) : null;
}
