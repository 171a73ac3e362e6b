// A failed write as a form shows it: each 422 problem under the field its `loc` points at
// (["body", "code"] → "code"; a nested ["body", "properties", "options", 0, "value"] → the deepest
// field the form has, e.g. "properties.options.0.value" or else "properties"), and everything else —
// problems of no field, 409 conflicts, 403s, network failures — as form-level messages.
import { ApiRequestError, type Problem } from "@/components/api-client";

export type FormErrors = {
  /** Field name (dotted path, as the form names it) → the first problem's message. */
  fields: Record<string, string>;
  /** Messages that belong to no field of the form, in the order they came. */
  form: string[];
};

export const NO_ERRORS: FormErrors = { fields: {}, form: [] };

export type FormErrorOptions = {
  /** The form's field names; a problem goes to the longest one its `loc` starts with. */
  fields: readonly string[];
  /** A 409 (e.g. "a discount with this code already exists") is shown on this field. */
  conflictField?: string;
};

/** "properties.options.0.value" for a problem's `loc` after its "body" part. */
function pathOf(loc: readonly (string | number)[]): string[] {
  return loc.slice(1).map(String);
}

/** The form field a body path belongs to: the longest known prefix, or null. */
export function fieldOf(path: readonly string[], fields: readonly string[]): string | null {
  for (let length = path.length; length > 0; length--) {
    const name = path.slice(0, length).join(".");
    if (fields.includes(name)) return name;
  }
  return null;
}

// The API's generic problem messages (lib/core/validation.ts) as a merchant reads them; a rule's own
// message (already a sentence) is kept as it is.
const IN_WORDS: [RegExp, (match: RegExpExecArray) => string][] = [
  [/^Field required$/, () => "This is required."],
  [/^String should have at least 1 characters?$/, () => "This is required."],
  [/^String should have at least (\d+) characters$/, (m) => `Use at least ${m[1]} characters.`],
  [/^String should have at most (\d+) characters$/, (m) => `Use at most ${m[1]} characters.`],
  [/^value is not a valid email address$/, () => "Enter a valid email address, like name@example.com."],
  [/^Input should be a valid integer$/, () => "Enter a whole number."],
  [/^Input should be greater than or equal to (-?[\d.]+)$/, (m) => `Use ${m[1]} or more.`],
  [/^Input should be less than or equal to (-?[\d.]+)$/, (m) => `Use ${m[1]} or less.`],
  [/^Input should be greater than (-?[\d.]+)$/, (m) => `Use more than ${m[1]}.`],
  [/^Input should be less than (-?[\d.]+)$/, (m) => `Use less than ${m[1]}.`],
  [/^Invalid URL$/, () => "Enter a full URL, like https://example.com."],
];

/** A problem's message in words: the generic ones rewritten, any other one as the API wrote it. */
export function problemInWords(message: string): string {
  for (const [pattern, words] of IN_WORDS) {
    const match = pattern.exec(message);
    if (match) return words(match);
  }
  return message;
}

/** Problems (422 `detail`) → field messages and form messages. */
export function problemsToFormErrors(problems: readonly Problem[], fields: readonly string[]): FormErrors {
  const result: FormErrors = { fields: {}, form: [] };
  for (const problem of problems) {
    const path = problem.loc[0] === "body" ? pathOf(problem.loc) : [];
    const field = fieldOf(path, fields);
    if (field !== null) {
      result.fields[field] ??= problemInWords(problem.msg);
      continue;
    }
    const where = path.length ? path.join(".") : problem.loc.slice(1).join(".");
    const message = where ? `${where}: ${problemInWords(problem.msg)}` : problemInWords(problem.msg);
    if (!result.form.includes(message)) result.form.push(message);
  }
  return result;
}

/** Any failure of a write → what the form shows. */
export function formErrorsFrom(error: unknown, options: FormErrorOptions): FormErrors {
  if (!(error instanceof ApiRequestError)) {
    return { fields: {}, form: ["Something went wrong. Please try again."] };
  }
  if (error.problems.length) return problemsToFormErrors(error.problems, options.fields);
  if (error.status === 409 && options.conflictField && options.fields.includes(options.conflictField)) {
    return { fields: { [options.conflictField]: error.message }, form: [] };
  }
  return { fields: {}, form: [error.message] };
}

export function hasErrors(errors: FormErrors): boolean {
  return errors.form.length > 0 || Object.keys(errors.fields).length > 0;
}
