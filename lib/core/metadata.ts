// Metadata rules (docs/api.md §8), shared by every resource that carries `metadata`.
import { z } from "zod";

export const METADATA_MAX_PAIRS = 50;
export const METADATA_MAX_KEY_LENGTH = 40;
export const METADATA_MAX_VALUE_LENGTH = 500;

export type MetadataValue = string | number | boolean;
export type Metadata = Record<string, MetadataValue>;

function isValidValue(value: unknown): value is MetadataValue {
  if (typeof value === "string") return value.length >= 1 && value.length <= METADATA_MAX_VALUE_LENGTH;
  if (typeof value === "number") return Number.isSafeInteger(value);
  return typeof value === "boolean";
}

/**
 * Validates every pair and reports each problem at its own key: too many pairs is `too_long` at
 * the object, a long (or empty) key `string_too_long` (`string_too_short`), a bad value `value_error`.
 */
export const metadataSchema = z
  .record(z.string(), z.unknown())
  .superRefine((value, ctx) => {
    const keys = Object.keys(value);
    if (keys.length > METADATA_MAX_PAIRS) {
      ctx.addIssue({
        code: "custom",
        params: { type: "too_long" },
        message: `Metadata should have at most ${METADATA_MAX_PAIRS} items`,
        input: value,
      });
    }
    for (const key of keys) {
      if (key.length > METADATA_MAX_KEY_LENGTH) {
        ctx.addIssue({
          code: "custom",
          params: { type: "string_too_long" },
          message: `Key should have at most ${METADATA_MAX_KEY_LENGTH} characters`,
          path: [key],
          input: key,
        });
      } else if (key.length === 0) {
        ctx.addIssue({
          code: "custom",
          params: { type: "string_too_short" },
          message: "Key should have at least 1 character",
          path: [key],
          input: key,
        });
      }
      if (!isValidValue(value[key])) {
        ctx.addIssue({
          code: "custom",
          params: { type: "value_error" },
          message: `Value should be a string of 1 to ${METADATA_MAX_VALUE_LENGTH} characters, an integer or a boolean`,
          path: [key],
          input: value[key],
        });
      }
    }
  })
  .transform((value) => value as Metadata);

/** Output side: stored metadata as it goes out. */
export const metadataOut = z.record(z.string(), z.union([z.string(), z.number(), z.boolean()]));

/** Free-form JSON objects from clients (activation `meta`, `conditions`, `custom_field_data`). */
export const FREE_FORM_MAX_KEYS = METADATA_MAX_PAIRS;
export const FREE_FORM_MAX_BYTES = 16 * 1024;

/**
 * A JSON object of any shape, bounded like metadata: at most 50 keys and 16 KiB once serialized
 * (UTF-8), both `too_long` at the object. Its inner text is checked by the route wrapper.
 */
export const boundedJsonObject = z.record(z.string(), z.unknown()).superRefine((value, ctx) => {
  const keys = Object.keys(value).length;
  if (keys > FREE_FORM_MAX_KEYS) {
    ctx.addIssue({
      code: "custom",
      params: { type: "too_long" },
      message: `Should have at most ${FREE_FORM_MAX_KEYS} keys`,
      input: value,
    });
    return;
  }
  // TextEncoder rather than Buffer: the hosted checkout page runs these schemas in the browser.
  const bytes = new TextEncoder().encode(JSON.stringify(value)).byteLength;
  if (bytes > FREE_FORM_MAX_BYTES) {
    ctx.addIssue({
      code: "custom",
      params: { type: "too_long" },
      message: `Should be at most ${FREE_FORM_MAX_BYTES} bytes as JSON`,
      input: value,
    });
  }
});
