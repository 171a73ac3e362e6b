// Tax IDs (VAT numbers, business numbers) and the format of each type this service knows: the
// seller's own (PATCH /v1/organizations/{id} `tax_id`) and, through the same rules, a buyer's.
// Pure: no database, no network. A format check says a value is well formed for its type, not that
// the number was issued (for an EU VAT number that is the VIES register's answer); the checks that
// every number of a type obeys are applied (the ABN's check digits), none that only a register
// knows. The types are the reference API's names (`[value, type]` pairs, docs/tax.md).

/** The tax ID types accepted, in the reference API's names. */
export const TAX_ID_TYPES = ["eu_vat", "gb_vat", "ch_vat", "no_vat", "au_abn", "ca_bn"] as const;
export type TaxIdType = (typeof TAX_ID_TYPES)[number];

/** The longest tax ID accepted (the longest format above is 16 characters; room for a typo's message). */
export const TAX_ID_MAX_LENGTH = 64;

/** How each type is named to a person, and an example of its normalised form. */
export const TAX_ID_TYPE_LABELS: Readonly<Record<TaxIdType, { label: string; example: string }>> = {
  eu_vat: { label: "EU VAT number", example: "DE123456789" },
  gb_vat: { label: "UK VAT number", example: "GB123456789" },
  ch_vat: { label: "Swiss VAT number", example: "CHE123456789MWST" },
  no_vat: { label: "Norwegian VAT number", example: "123456789MVA" },
  au_abn: { label: "Australian Business Number", example: "51824753556" },
  ca_bn: { label: "Canadian Business Number", example: "123456789" },
};

export function isTaxIdType(type: unknown): type is TaxIdType {
  return typeof type === "string" && (TAX_ID_TYPES as readonly string[]).includes(type);
}

/**
 * An EU member state's VAT prefix → its ISO 3166-1 country and what follows the prefix. Greece's
 * prefix is EL, not its ISO code. Northern Ireland's XI numbers are for trade in goods only, so
 * software sales never carry one: they are not taken.
 */
const EU_VAT: Readonly<Record<string, { country: string; pattern: RegExp; shape: string }>> = {
  AT: { country: "AT", pattern: /^U\d{8}$/, shape: "U and 8 digits" },
  BE: { country: "BE", pattern: /^[01]\d{9}$/, shape: "10 digits starting with 0 or 1" },
  BG: { country: "BG", pattern: /^\d{9,10}$/, shape: "9 or 10 digits" },
  CY: { country: "CY", pattern: /^\d{8}[A-Z]$/, shape: "8 digits and a letter" },
  CZ: { country: "CZ", pattern: /^\d{8,10}$/, shape: "8 to 10 digits" },
  DE: { country: "DE", pattern: /^\d{9}$/, shape: "9 digits" },
  DK: { country: "DK", pattern: /^\d{8}$/, shape: "8 digits" },
  EE: { country: "EE", pattern: /^\d{9}$/, shape: "9 digits" },
  EL: { country: "GR", pattern: /^\d{9}$/, shape: "9 digits" },
  ES: {
    country: "ES",
    pattern: /^(?:[A-Z]\d{7}[A-Z0-9]|\d{8}[A-Z])$/,
    shape: "9 characters: a letter or digit, 7 digits, a letter or digit (not all digits)",
  },
  FI: { country: "FI", pattern: /^\d{8}$/, shape: "8 digits" },
  FR: {
    country: "FR",
    pattern: /^[0-9A-HJ-NP-Z]{2}\d{9}$/,
    shape: "2 letters or digits and 9 digits (the SIREN)",
  },
  HR: { country: "HR", pattern: /^\d{11}$/, shape: "11 digits" },
  HU: { country: "HU", pattern: /^\d{8}$/, shape: "8 digits" },
  IE: {
    country: "IE",
    pattern: /^(?:\d{7}[A-W][A-IW]?|\d[A-Z+*]\d{5}[A-W])$/,
    shape: "7 digits and 1 or 2 letters",
  },
  IT: { country: "IT", pattern: /^\d{11}$/, shape: "11 digits" },
  LT: { country: "LT", pattern: /^(?:\d{9}|\d{12})$/, shape: "9 or 12 digits" },
  LU: { country: "LU", pattern: /^\d{8}$/, shape: "8 digits" },
  LV: { country: "LV", pattern: /^\d{11}$/, shape: "11 digits" },
  MT: { country: "MT", pattern: /^\d{8}$/, shape: "8 digits" },
  NL: { country: "NL", pattern: /^\d{9}B\d{2}$/, shape: "9 digits, B and 2 digits" },
  PL: { country: "PL", pattern: /^\d{10}$/, shape: "10 digits" },
  PT: { country: "PT", pattern: /^\d{9}$/, shape: "9 digits" },
  RO: { country: "RO", pattern: /^[1-9]\d{1,9}$/, shape: "2 to 10 digits" },
  SE: { country: "SE", pattern: /^\d{10}01$/, shape: "12 digits ending in 01" },
  SI: { country: "SI", pattern: /^\d{8}$/, shape: "8 digits" },
  SK: { country: "SK", pattern: /^\d{10}$/, shape: "10 digits" },
};

/**
 * The value as stored and compared: spaces (any whitespace), dots and dashes removed, upper case.
 * `"de 123.456-789"` → `"DE123456789"`.
 */
export function normalizeTaxId(value: string): string {
  return value.replace(/[\s.\-\u2010-\u2015]/g, "").toUpperCase();
}

function euVatProblem(value: string): string | null {
  const prefix = value.slice(0, 2);
  if (prefix === "GR") return "A Greek VAT number starts with EL, not GR (e.g. EL123456789).";
  const state = Object.hasOwn(EU_VAT, prefix) ? EU_VAT[prefix] : undefined;
  if (!state)
    return "An EU VAT number starts with its member state's prefix (DE, FR, IT, …; EL for Greece), e.g. DE123456789.";
  if (!state.pattern.test(value.slice(2)))
    return `A ${prefix} VAT number is ${prefix} followed by ${state.shape}.`;
  return null;
}

/** The ABN's check: first digit less one, weighted 10, 1, 3, 5, …, 19; the sum divisible by 89. */
function abnChecks(digits: string): boolean {
  const weights = [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19];
  let sum = 0;
  weights.forEach((weight, i) => (sum += (Number(digits[i]) - (i === 0 ? 1 : 0)) * weight));
  return sum % 89 === 0;
}

const FORMAT_PROBLEMS: Readonly<Record<TaxIdType, (value: string) => string | null>> = {
  eu_vat: euVatProblem,
  gb_vat: (value) =>
    /^GB(?:\d{9}|\d{12}|GD[0-4]\d{2}|HA[5-9]\d{2})$/.test(value)
      ? null
      : "A UK VAT number is GB followed by 9 or 12 digits (GBGD or GBHA and 3 digits for government bodies), e.g. GB123456789.",
  ch_vat: (value) =>
    /^CHE\d{9}(?:MWST|TVA|IVA)?$/.test(value)
      ? null
      : "A Swiss VAT number is CHE and 9 digits, optionally followed by MWST, TVA or IVA, e.g. CHE-123.456.789 MWST.",
  no_vat: (value) =>
    /^\d{9}MVA$/.test(value)
      ? null
      : "A Norwegian VAT number is 9 digits followed by MVA, e.g. 123456789MVA.",
  au_abn: (value) => {
    if (!/^\d{11}$/.test(value)) return "An Australian Business Number is 11 digits, e.g. 51 824 753 556.";
    return abnChecks(value)
      ? null
      : "This Australian Business Number's check digits are wrong: check for a typo.";
  },
  ca_bn: (value) =>
    /^\d{9}$/.test(value) ? null : "A Canadian Business Number is 9 digits, e.g. 123456789.",
};

/**
 * Why `value` (normalised first, see `normalizeTaxId`) is not a well-formed tax ID of `type`, in a
 * sentence for the person who typed it; null when it is.
 */
export function taxIdProblem(value: string, type: string): string | null {
  if (!isTaxIdType(type)) return `Tax ID type should be one of ${TAX_ID_TYPES.join(", ")}.`;
  const normalized = normalizeTaxId(value);
  if (!normalized) return "Tax ID is empty.";
  if (normalized.length > TAX_ID_MAX_LENGTH)
    return `Tax ID should be at most ${TAX_ID_MAX_LENGTH} characters.`;
  return FORMAT_PROBLEMS[type](normalized);
}

/**
 * The type a value given without one has, when its own letters say so: an EU member state's prefix
 * (eu_vat), GB (gb_vat), CHE (ch_vat), a trailing MVA (no_vat), each only when the rest fits that
 * type. Digits alone are never guessed (9 digits may be Canadian, Norwegian without MVA or part of
 * something else; 11 may be an ABN or an Italian number without its prefix): null.
 */
export function guessTaxIdType(value: string): TaxIdType | null {
  const normalized = normalizeTaxId(value);
  if (!/[A-Z]/.test(normalized)) return null;
  for (const type of ["gb_vat", "ch_vat", "no_vat", "eu_vat"] as const) {
    if (!taxIdProblem(normalized, type)) return type;
  }
  return null;
}

/**
 * The ISO 3166-1 country (EL → GR) of a well-formed EU VAT number; null for anything else,
 * including a number of the right prefix whose rest has the wrong format.
 */
export function euCountryOfVat(value: string): string | null {
  const normalized = normalizeTaxId(value);
  if (euVatProblem(normalized)) return null;
  return EU_VAT[normalized.slice(0, 2)]?.country ?? null;
}
