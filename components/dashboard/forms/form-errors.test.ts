// A failed write as the form shows it: 422 problems on the field their `loc` names (the deepest one
// the form has), the rest as form-level messages; 409 on the field it concerns when given.
import { describe, expect, it } from "vitest";
import { ApiRequestError, type Problem } from "@/components/api-client";
import { fieldOf, formErrorsFrom, hasErrors, problemInWords, problemsToFormErrors } from "./form-errors";

const problem = (loc: (string | number)[], msg: string): Problem => ({
  type: "value_error",
  loc,
  msg,
  input: null,
});
const FIELDS = ["name", "code", "metadata", "properties.options", "properties.options.1.value"];

describe("problemsToFormErrors", () => {
  it("puts each body problem on its field, the first message per field", () => {
    expect(
      problemsToFormErrors(
        [
          problem(["body", "name"], "Field required"),
          problem(["body", "code"], "Too short"),
          problem(["body", "code"], "Letters and digits only"),
        ],
        FIELDS,
      ),
    ).toEqual({ fields: { name: "This is required.", code: "Too short" }, form: [] });
  });

  it("maps a nested loc to the deepest field the form has", () => {
    const errors = problemsToFormErrors(
      [
        problem(["body", "properties", "options", 1, "value"], "Option values should be unique"),
        problem(["body", "properties", "options", 0, "label"], "Too long"),
        problem(["body", "metadata", "a_very_long_key"], "Key should have at most 40 characters"),
      ],
      FIELDS,
    );
    expect(errors.fields).toEqual({
      "properties.options.1.value": "Option values should be unique",
      "properties.options": "Too long",
      metadata: "Key should have at most 40 characters",
    });
    expect(errors.form).toEqual([]);
  });

  it("keeps problems of no field, of the query or path, or of the whole body at form level", () => {
    expect(
      problemsToFormErrors(
        [
          problem(["body", "amount"], "Input should be greater than 0"),
          problem(["body"], "Invalid JSON"),
          problem(["path", "id"], "Input should be a valid UUID"),
          problem(["body", "amount"], "Input should be greater than 0"),
        ],
        FIELDS,
      ),
    ).toEqual({
      fields: {},
      form: ["amount: Use more than 0.", "Invalid JSON", "id: Input should be a valid UUID"],
    });
  });
});

describe("formErrorsFrom", () => {
  it("reads a 422's problems", () => {
    const error = new ApiRequestError(422, "RequestValidationError", "x", [
      problem(["body", "name"], "Field required"),
    ]);
    expect(formErrorsFrom(error, { fields: FIELDS })).toEqual({
      fields: { name: "This is required." },
      form: [],
    });
  });

  it("puts a 409 on the conflict field when the form has one, else at form level", () => {
    const error = new ApiRequestError(
      409,
      "ResourceAlreadyExists",
      "A discount with this code already exists.",
    );
    expect(formErrorsFrom(error, { fields: FIELDS, conflictField: "code" })).toEqual({
      fields: { code: "A discount with this code already exists." },
      form: [],
    });
    expect(formErrorsFrom(error, { fields: FIELDS })).toEqual({
      fields: {},
      form: ["A discount with this code already exists."],
    });
  });

  it("shows other failures' messages, and a generic one for a non-API error", () => {
    const forbidden = new ApiRequestError(
      403,
      "NotPermitted",
      "Missing or invalid CSRF token (X-CSRF-Token header).",
    );
    expect(formErrorsFrom(forbidden, { fields: FIELDS }).form).toEqual([
      "Missing or invalid CSRF token (X-CSRF-Token header).",
    ]);
    const unknown = formErrorsFrom(new Error("boom"), { fields: FIELDS });
    expect(unknown).toEqual({ fields: {}, form: ["Something went wrong. Please try again."] });
    expect(hasErrors(unknown)).toBe(true);
    expect(hasErrors({ fields: {}, form: [] })).toBe(false);
  });
});

describe("problemInWords", () => {
  it("rewrites the API's generic messages and keeps a rule's own sentence", () => {
    expect(problemInWords("String should have at least 10 characters")).toBe("Use at least 10 characters.");
    expect(problemInWords("String should have at least 1 character")).toBe("This is required.");
    expect(problemInWords("String should have at most 64 characters")).toBe("Use at most 64 characters.");
    expect(problemInWords("value is not a valid email address")).toBe(
      "Enter a valid email address, like name@example.com.",
    );
    expect(problemInWords("Input should be less than or equal to 50")).toBe("Use 50 or less.");
    expect(problemInWords("Input should be a valid integer")).toBe("Enter a whole number.");
    expect(problemInWords("This slug is reserved")).toBe("This slug is reserved");
  });
});

describe("fieldOf", () => {
  it("finds the longest known prefix", () => {
    expect(fieldOf(["properties", "options", "1", "value"], FIELDS)).toBe("properties.options.1.value");
    expect(fieldOf(["properties", "options", "7", "value"], FIELDS)).toBe("properties.options");
    expect(fieldOf(["properties", "form_label"], FIELDS)).toBeNull();
    expect(fieldOf([], FIELDS)).toBeNull();
  });
});
