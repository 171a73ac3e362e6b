// Benefits: what a product grants its buyers. One zod schema per shape: the benefit as products and
// checkouts embed it (no properties: a custom note is the buyer's only once granted), the benefit
// resource of /v1/benefits (with its type's `properties` and `metadata`), the create/update bodies
// and each type's properties, which accept exactly what a grant can issue (./grants.ts).
import { z } from "zod";
import type { Benefit } from "../generated/prisma/client";
import { timestamps } from "../core/schemas";
import { boundedJsonObject, metadataOut, metadataSchema, type Metadata } from "../core/metadata";
import { paginationQuery, sortingQuery } from "../core/pagination";
import { id, INT4_MAX, queryList } from "../core/validation";

export const BENEFIT_TYPES = ["custom", "license_keys", "downloadables"] as const;
export type BenefitType = (typeof BENEFIT_TYPES)[number];

/** The benefit embedded in a product or a checkout (the interface's Benefit table). */
export const benefitSchema = z.object({
  id: z.string(),
  ...timestamps,
  type: z.enum(BENEFIT_TYPES),
  description: z.string(),
  selectable: z.boolean(),
  deletable: z.boolean(),
  organization_id: z.string(),
  /** Benefits are never deleted while a product shows them: always false. */
  is_deleted: z.literal(false),
});

// --- properties, per type ---------------------------------------------------------------------

/** The longest note a custom benefit shows its buyers. */
export const MAX_NOTE_LENGTH = 2000;
/** Activations a key may allow (docs/api.md §7). */
export const MAX_ACTIVATIONS = 50;
/** Days, months or years a key lives: 999 years still ends before 9999-12-31. */
export const MAX_EXPIRY_TTL = 999;
export const MAX_PREFIX_LENGTH = 32;

const customProperties = z.object({
  /** Shown to the buyer once the benefit is granted (lib/checkout/benefits.ts). */
  note: z.string().max(MAX_NOTE_LENGTH).nullish(),
});

const licenseKeysProperties = z.object({
  /** Keys read `<PREFIX>-<UUID>`, the prefix upper-cased: letters, digits, `_` and `-`; "" is none. */
  prefix: z.preprocess(
    (value) => (value === "" ? null : value),
    z
      .string()
      .max(MAX_PREFIX_LENGTH)
      .regex(
        /^[A-Za-z0-9][A-Za-z0-9_-]*$/,
        "Prefix should start with a letter or a digit and contain only letters, digits, '_' and '-'",
      )
      .nullish(),
  ),
  /** Keys expire `ttl` days, months or years after they are issued; null: never. */
  expires: z
    .object({
      ttl: z.number().int().min(1).max(MAX_EXPIRY_TTL),
      timeframe: z.enum(["year", "month", "day"]),
    })
    .nullish(),
  /** Keys must be activated, on at most `limit` devices at once; null: no activation needed. */
  activations: z
    .object({
      limit: z.number().int().min(1).max(MAX_ACTIVATIONS),
      enable_customer_admin: z.boolean().default(false),
    })
    .nullish(),
  /** The most usage a key may record through validations; null: no limit. */
  limit_usage: z.number().int().min(1).max(INT4_MAX).nullish(),
});

/** The most files one downloadables benefit grants. */
export const MAX_DOWNLOADABLE_FILES = 50;

const downloadablesProperties = z.object({
  /** Downloadable files (uploaded in parts: lib/files/part-upload.ts), in the order shown. */
  files: z.array(id()).min(1).max(MAX_DOWNLOADABLE_FILES),
  /** Files no longer granted to new buyers (those who have them keep them). */
  archived: z.record(id(), z.boolean()).optional(),
});

/** Each type's properties as a body sends them; the service checks them against the type. */
export const PROPERTIES_SCHEMAS = {
  custom: customProperties,
  license_keys: licenseKeysProperties,
  downloadables: downloadablesProperties,
} satisfies Record<BenefitType, z.ZodType>;

// --- the resource -----------------------------------------------------------------------------

const resourceBase = {
  ...benefitSchema.shape,
  metadata: metadataOut,
  /** A deleted benefit is not found here: always false. */
  is_deleted: z.boolean(),
  /** Every benefit is shown to its buyers ("public"); the reference's draft and private are not offered. */
  visibility: z.enum(["draft", "private", "public"]),
  visibility_configurable: z.boolean(),
};

export const customBenefitPropertiesSchema = z.object({ note: z.string().nullable() });

export const licenseKeysBenefitPropertiesSchema = z.object({
  prefix: z.string().nullable(),
  expires: z.object({ ttl: z.number().int(), timeframe: z.enum(["year", "month", "day"]) }).nullable(),
  activations: z.object({ limit: z.number().int(), enable_customer_admin: z.boolean() }).nullable(),
  limit_usage: z.number().int().nullable(),
});

export const downloadablesBenefitPropertiesSchema = z.object({
  files: z.array(z.string()),
  archived: z.record(z.string(), z.boolean()),
});

/** The benefit of /v1/benefits: its type decides the shape of `properties`. */
export const benefitResourceSchema = z.discriminatedUnion("type", [
  z.object({
    ...resourceBase,
    type: z.literal("custom"),
    properties: customBenefitPropertiesSchema,
    /**
     * The specification's era SDK (0.22.2) reads it: always true, a sale is taxed by the
     * organization's tax rates whatever its benefits.
     */
    is_tax_applicable: z.literal(true),
  }),
  z.object({
    ...resourceBase,
    type: z.literal("license_keys"),
    properties: licenseKeysBenefitPropertiesSchema,
  }),
  z.object({
    ...resourceBase,
    type: z.literal("downloadables"),
    properties: downloadablesBenefitPropertiesSchema,
  }),
]);

export type CustomBenefitProperties = z.infer<typeof customBenefitPropertiesSchema>;
export type LicenseKeysBenefitProperties = z.infer<typeof licenseKeysBenefitPropertiesSchema>;
export type DownloadablesBenefitProperties = z.infer<typeof downloadablesBenefitPropertiesSchema>;

const isInt = (value: unknown): value is number => Number.isSafeInteger(value);
const objectOf = (value: unknown) =>
  value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null;

/**
 * Properties as stored, every key present (null when unset), read the way a grant reads them
 * (./key-terms.ts): stored values were checked on save, but a row written another way (a seed, a
 * factory) shows whatever of it is usable.
 */
export function normalizedProperties(
  type: BenefitType,
  stored: unknown,
): CustomBenefitProperties | LicenseKeysBenefitProperties | DownloadablesBenefitProperties {
  const value = objectOf(stored) ?? {};
  if (type === "custom") return { note: typeof value.note === "string" ? value.note : null };
  if (type === "downloadables") {
    const files = Array.isArray(value.files)
      ? value.files.filter((f): f is string => typeof f === "string")
      : [];
    const archived = Object.fromEntries(
      Object.entries(objectOf(value.archived) ?? {}).filter(
        (entry): entry is [string, boolean] => entry[1] === true && files.includes(entry[0]),
      ),
    );
    return { files, archived };
  }
  const expires = objectOf(value.expires);
  const activations = objectOf(value.activations);
  const timeframe = expires?.timeframe;
  return {
    prefix: typeof value.prefix === "string" && value.prefix.trim() ? value.prefix : null,
    expires:
      expires && isInt(expires.ttl) && (timeframe === "year" || timeframe === "month" || timeframe === "day")
        ? { ttl: expires.ttl, timeframe }
        : null,
    activations:
      activations && isInt(activations.limit)
        ? { limit: activations.limit, enable_customer_admin: activations.enable_customer_admin === true }
        : null,
    limit_usage: isInt(value.limit_usage) ? value.limit_usage : null,
  };
}

export function toBenefit(row: Benefit) {
  return {
    ...row,
    metadata: row.metadata as Metadata,
    properties: normalizedProperties(row.type, row.properties),
    ...(row.type === "custom" ? { is_tax_applicable: true as const } : {}),
    is_deleted: false,
    visibility: "public",
    visibility_configurable: false,
  } as z.output<typeof benefitResourceSchema>;
}

// --- bodies and query -------------------------------------------------------------------------

/** The reference API's bounds: the description is shown on product cards. */
const description = z.string().trim().min(3).max(42);
/** Bounded like any free-form object here; the type's own schema then checks it (service). */
const properties = boundedJsonObject;

export const createBenefitBody = z.object({
  type: z.enum(BENEFIT_TYPES),
  description,
  /**
   * custom: `{note}`; license_keys: `{prefix, expires, activations, limit_usage}`; downloadables:
   * `{files, archived}`.
   */
  properties: properties.default({}),
  metadata: metadataSchema.default({}),
  /** Required unless the caller belongs to one organization (an access token always does). */
  organization_id: id().nullish(),
});
export type CreateBenefitBody = z.output<typeof createBenefitBody>;

export const updateBenefitBody = z.object({
  /** Only the benefit's own type is accepted: a type never changes (grants were issued by it). */
  type: z.enum(BENEFIT_TYPES).optional(),
  description: description.optional(),
  /** Replaces the whole object; keys issued from now on follow it. */
  properties: properties.optional(),
  /** Replaces the whole object. */
  metadata: metadataSchema.optional(),
  /**
   * license_keys only: also give the benefit's existing keys its (new) activation limit, usage
   * limit and expiry (counted from each key's issue). Statuses, usage and activations stay.
   */
  apply_to_existing_keys: z.boolean().default(false),
});
export type UpdateBenefitBody = z.output<typeof updateBenefitBody>;

export const BENEFIT_SORT_FIELDS = ["created_at", "description", "type"] as const;

export const listBenefitsQuery = z.object({
  ...paginationQuery,
  organization_id: queryList(id()),
  type: queryList(z.enum(BENEFIT_TYPES)),
  /** Case-insensitive match on the description. */
  query: z.string().trim().min(1).max(200).optional(),
  sorting: sortingQuery(BENEFIT_SORT_FIELDS, ["description"]),
});
export type ListBenefitsQuery = z.output<typeof listBenefitsQuery>;

export const benefitParams = z.object({ id: id() });
