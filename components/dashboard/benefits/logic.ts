// The benefit form's values and the API bodies made from them: a custom benefit's note, a license
// keys benefit's prefix, expiry (ttl + timeframe), activations (limit + customer admin) and usage
// limit, each empty for "none". Problems found here are keyed like the API's 422 locs
// (`properties.activations.limit`, …).
import type { BenefitResource, CreateBenefit, UpdateBenefit } from "../hooks/catalog";
import {
  changedFields,
  type Built,
  metadataFromRows,
  metadataRows,
  parseOptionalInt,
  type MetadataRow,
} from "../forms/values";

export const BENEFIT_TYPES = ["custom", "license_keys", "downloadables"] as const;
export type BenefitType = (typeof BENEFIT_TYPES)[number];
export const BENEFIT_TYPE_LABELS: Record<BenefitType, string> = {
  custom: "Custom",
  license_keys: "License keys",
  downloadables: "File downloads",
};

/** A downloadables benefit's file, as the form lists it. */
export type BenefitFile = { id: string; name: string; archived: boolean };
export const BENEFIT_SORT_FIELDS = ["created_at", "description", "type"] as const;
export type Timeframe = "day" | "month" | "year";

export const BENEFIT_FIELDS = [
  "type",
  "description",
  "properties",
  "properties.note",
  "properties.prefix",
  "properties.expires",
  "properties.expires.ttl",
  "properties.expires.timeframe",
  "properties.activations",
  "properties.activations.limit",
  "properties.activations.enable_customer_admin",
  "properties.limit_usage",
  "properties.files",
  "metadata",
  "apply_to_existing_keys",
] as const;

export type BenefitForm = {
  type: BenefitType;
  description: string;
  note: string;
  prefix: string;
  ttl: string;
  timeframe: Timeframe;
  activation_limit: string;
  enable_customer_admin: boolean;
  limit_usage: string;
  apply_to_existing_keys: boolean;
  /** A downloadables benefit's files, in order. */
  files: BenefitFile[];
  metadata: MetadataRow[];
};

export const EMPTY_BENEFIT_FORM: BenefitForm = {
  type: "custom",
  description: "",
  note: "",
  prefix: "",
  ttl: "",
  timeframe: "year",
  activation_limit: "",
  enable_customer_admin: false,
  limit_usage: "",
  apply_to_existing_keys: false,
  files: [],
  metadata: [],
};

export function formFromBenefit(benefit: BenefitResource): BenefitForm {
  const base = { ...EMPTY_BENEFIT_FORM, type: benefit.type, description: benefit.description };
  const metadata = metadataRows(benefit.metadata);
  if (benefit.type === "custom") return { ...base, note: benefit.properties.note ?? "", metadata };
  if (benefit.type === "downloadables") {
    const { files, archived } = benefit.properties;
    // Names are read with the files (./files-field.tsx); the id stands in until then.
    return {
      ...base,
      files: files.map((id) => ({ id, name: id, archived: archived[id] === true })),
      metadata,
    };
  }
  const { prefix, expires, activations, limit_usage } = benefit.properties;
  return {
    ...base,
    prefix: prefix ?? "",
    ttl: expires ? String(expires.ttl) : "",
    timeframe: expires?.timeframe ?? "year",
    activation_limit: activations ? String(activations.limit) : "",
    enable_customer_admin: activations?.enable_customer_admin ?? false,
    limit_usage: limit_usage === null ? "" : String(limit_usage),
    metadata,
  };
}

/** A whole number in [min, max], null when empty; else the problem under `field`. */
function boundedInt(text: string, min: number, max: number, field: string, errors: Record<string, string>) {
  const value = parseOptionalInt(text);
  if (value === undefined || (value !== null && (value < min || value > max))) {
    errors[field] = `Enter a whole number from ${min} to ${max}, or leave empty.`;
    return null;
  }
  return value;
}

/** The type's `properties` as the API takes them. */
export function propertiesBody(form: BenefitForm, errors: Record<string, string>): Record<string, unknown> {
  if (form.type === "custom") return { note: form.note.trim() || null };
  if (form.type === "downloadables") {
    if (!form.files.length) errors["properties.files"] = "Upload at least one file.";
    return {
      files: form.files.map((file) => file.id),
      archived: Object.fromEntries(form.files.filter((file) => file.archived).map((file) => [file.id, true])),
    };
  }
  const ttl = boundedInt(form.ttl, 1, 999, "properties.expires.ttl", errors);
  const limit = boundedInt(form.activation_limit, 1, 50, "properties.activations.limit", errors);
  const usage = boundedInt(form.limit_usage, 1, 2_147_483_647, "properties.limit_usage", errors);
  return {
    prefix: form.prefix.trim() || null,
    expires: ttl === null ? null : { ttl, timeframe: form.timeframe },
    activations: limit === null ? null : { limit, enable_customer_admin: form.enable_customer_admin },
    limit_usage: usage,
  };
}

export function benefitBody(form: BenefitForm): Built<CreateBenefit> {
  const errors: Record<string, string> = {};
  const description = form.description.trim();
  if (description.length < 3 || description.length > 42)
    errors.description = "Enter a description of 3 to 42 characters.";
  const properties = propertiesBody(form, errors);
  return {
    body: { type: form.type, description, properties, metadata: metadataFromRows(form.metadata) },
    errors,
  };
}

/** PATCH: only what changed (never the type); `apply_to_existing_keys` when ticked on license keys. */
export function benefitPatch(form: BenefitForm, benefit: BenefitResource): Built<UpdateBenefit> {
  const { body, errors } = benefitBody({ ...form, type: benefit.type });
  const next = {
    description: body.description,
    properties: body.properties,
    metadata: metadataFromRows(form.metadata, benefit.metadata),
  };
  const patch: UpdateBenefit = changedFields(benefit, next);
  if (benefit.type === "license_keys" && form.apply_to_existing_keys) patch.apply_to_existing_keys = true;
  return { body: patch, errors };
}

/** "3 activations · expires after 1 year · prefix ACME": a license keys benefit in a few words. */
export function benefitSummary(benefit: BenefitResource): string {
  if (benefit.type === "custom") return benefit.properties.note ? "With a note" : "No note";
  if (benefit.type === "downloadables") {
    const count = benefit.properties.files.length;
    return `${count} file${count === 1 ? "" : "s"}`;
  }
  const { prefix, expires, activations, limit_usage } = benefit.properties;
  const parts = [
    activations
      ? `${activations.limit} activation${activations.limit === 1 ? "" : "s"}`
      : "No activation needed",
    expires
      ? `expires after ${expires.ttl} ${expires.timeframe}${expires.ttl === 1 ? "" : "s"}`
      : "never expires",
  ];
  if (limit_usage !== null) parts.push(`usage up to ${limit_usage}`);
  if (prefix) parts.push(`prefix ${prefix}`);
  return parts.join(" · ");
}

/** What the form hook needs of this area (docs/dashboard.md, "Forms"). */
export const BENEFIT_FORM_LOGIC = {
  fields: BENEFIT_FIELDS,
  empty: EMPTY_BENEFIT_FORM,
  fromRecord: formFromBenefit,
  body: benefitBody,
  patch: benefitPatch,
};
