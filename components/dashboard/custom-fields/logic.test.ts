// The custom field form → properties per type, problems keyed like the API's 422 locs, PATCH diffs.
import { describe, expect, it } from "vitest";
import type { CustomField } from "../hooks/catalog";
import {
  customFieldBody,
  customFieldFields,
  customFieldPatch,
  EMPTY_CUSTOM_FIELD_FORM,
  formFromCustomField,
  slugFrom,
} from "./logic";

const select: CustomField = {
  id: "f1",
  created_at: "2030-01-01T00:00:00.000Z",
  modified_at: null,
  metadata: {},
  type: "select",
  slug: "size",
  name: "Size",
  organization_id: "o1",
  properties: { form_label: "Team size", options: [{ value: "s", label: "Small" }] },
};

describe("custom field form", () => {
  it("derives a slug from the name", () => {
    expect(slugFrom("Company size (é)")).toBe("company_size_e");
  });

  it("builds each type's properties", () => {
    const text = customFieldBody({
      ...EMPTY_CUSTOM_FIELD_FORM,
      name: "Bio",
      slug: "bio",
      textarea: true,
      max: "500",
    });
    expect(text).toEqual({
      body: {
        type: "text",
        slug: "bio",
        name: "Bio",
        properties: { textarea: true, max_length: 500 },
        metadata: {},
      },
      errors: {},
    });
    const date = customFieldBody({
      ...EMPTY_CUSTOM_FIELD_FORM,
      type: "date",
      name: "D",
      slug: "d",
      min: "2030-01-01",
    });
    expect(date.body.properties).toEqual({ ge: "2030-01-01" });
    const bad = customFieldBody({
      ...EMPTY_CUSTOM_FIELD_FORM,
      type: "select",
      options: [{ value: "", label: "x" }],
    });
    expect(bad.errors).toEqual({
      name: "Give the field a name.",
      slug: "Give the field a slug.",
      "properties.options.0.value": "Enter a value.",
    });
    expect(customFieldFields(1)).toContain("properties.options.0.label");
  });

  it("edits: only the changed parts, never the type", () => {
    const form = formFromCustomField(select);
    expect(customFieldPatch(form, select)).toEqual({ body: {}, errors: {} });
    const patch = customFieldPatch(
      { ...form, type: "text", options: [...form.options, { value: "m", label: "" }] },
      select,
    );
    expect(patch.body).toEqual({
      properties: {
        form_label: "Team size",
        options: [
          { value: "s", label: "Small" },
          { value: "m", label: "m" },
        ],
      },
    });
  });
});
