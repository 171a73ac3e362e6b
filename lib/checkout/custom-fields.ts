// Answers to a product's attached custom fields (`custom_field_data`), checked against each field's
// type and properties. Shared by every checkout write: update and create check the answers given;
// confirm also requires the required ones (`requireAnswers`).
import type { Problem } from "../core/errors";

export type AttachedFieldForAnswers = {
  required: boolean;
  custom_field: { slug: string; type: string; properties: unknown };
};

export type CustomFieldAnswer = string | number | boolean | null;

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

function isValidDate(value: string): boolean {
  if (!DATE_PATTERN.test(value)) return false;
  const date = new Date(`${value}T00:00:00.000Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

function int(value: unknown): number | null {
  return typeof value === "number" && Number.isInteger(value) ? value : null;
}

function dateBound(value: unknown): string | null {
  return typeof value === "string" && isValidDate(value) ? value : null;
}

/** Why an answer is not valid for a field, as a problem type and message; null when it is valid. */
function answerProblem(
  field: AttachedFieldForAnswers["custom_field"],
  value: unknown,
): { type: string; msg: string } | null {
  const props = (field.properties ?? {}) as Record<string, unknown>;
  switch (field.type) {
    case "text": {
      if (typeof value !== "string") return { type: "string_type", msg: "Input should be a valid string" };
      const min = int(props.min_length);
      const max = int(props.max_length);
      if (min !== null && value.length < min)
        return { type: "string_too_short", msg: `String should have at least ${min} characters` };
      if (max !== null && value.length > max)
        return { type: "string_too_long", msg: `String should have at most ${max} characters` };
      return null;
    }
    case "number": {
      if (typeof value !== "number" || !Number.isInteger(value))
        return { type: "int_type", msg: "Input should be a valid integer" };
      const ge = int(props.ge);
      const le = int(props.le);
      if (ge !== null && value < ge)
        return { type: "greater_than_equal", msg: `Input should be greater than or equal to ${ge}` };
      if (le !== null && value > le)
        return { type: "less_than_equal", msg: `Input should be less than or equal to ${le}` };
      return null;
    }
    case "date": {
      if (typeof value !== "string" || !isValidDate(value))
        return { type: "value_error", msg: "Input should be a valid date in the format YYYY-MM-DD" };
      // Bounds are YYYY-MM-DD too, so comparing the text compares the days.
      const ge = dateBound(props.ge);
      const le = dateBound(props.le);
      if (ge !== null && value < ge)
        return { type: "greater_than_equal", msg: `Input should be on or after ${ge}` };
      if (le !== null && value > le)
        return { type: "less_than_equal", msg: `Input should be on or before ${le}` };
      return null;
    }
    case "checkbox":
      if (typeof value !== "boolean") return { type: "bool_type", msg: "Input should be a valid boolean" };
      return null;
    case "select": {
      const options = Array.isArray(props.options) ? (props.options as { value?: unknown }[]) : [];
      const values = options.map((o) => o?.value).filter((v): v is string => typeof v === "string");
      if (typeof value !== "string" || !values.includes(value))
        return { type: "enum", msg: `Input should be ${values.map((v) => `'${v}'`).join(", ")}` };
      return null;
    }
    default:
      return { type: "value_error", msg: "Unsupported custom field type" };
  }
}

/**
 * Checks answers against the attached fields. Unknown slugs are dropped; `null` (or no answer)
 * means unanswered, which is a problem only with `requireAnswers` on a required field (or a
 * required checkbox that is not ticked). Returns the answers to store, keyed by slug, and the
 * problems at `[...loc, slug]`.
 */
export function validateCustomFieldData(
  attached: readonly AttachedFieldForAnswers[],
  data: Record<string, unknown>,
  options: { requireAnswers?: boolean; loc?: (string | number)[] } = {},
): { data: Record<string, CustomFieldAnswer>; problems: Problem[] } {
  const loc = options.loc ?? ["body", "custom_field_data"];
  const out: Record<string, CustomFieldAnswer> = {};
  const problems: Problem[] = [];
  for (const { required, custom_field: field } of attached) {
    const value = Object.hasOwn(data, field.slug) ? data[field.slug] : undefined;
    const unanswered = value === undefined || value === null || value === "";
    if (unanswered) {
      if (value !== undefined) out[field.slug] = null;
      if (options.requireAnswers && required) {
        problems.push({
          type: "missing",
          loc: [...loc, field.slug],
          msg: "Field required",
          input: value ?? null,
        });
      }
      continue;
    }
    const problem = answerProblem(field, value);
    if (problem) {
      problems.push({ ...problem, loc: [...loc, field.slug], input: value });
    } else if (options.requireAnswers && required && field.type === "checkbox" && value !== true) {
      problems.push({
        type: "value_error",
        loc: [...loc, field.slug],
        msg: "This box must be checked",
        input: value,
      });
    } else {
      out[field.slug] = value as CustomFieldAnswer;
    }
  }
  return { data: out, problems };
}
