// The new organization form: a slug suggested from the name until edited, and the body sent.
import { describe, expect, it } from "vitest";
import { EMPTY_NEW_ORGANIZATION, newOrganizationBody, withName, withSlug } from "./logic";

describe("new organization form", () => {
  it("suggests the slug from the name until the merchant edits it", () => {
    let form = withName(EMPTY_NEW_ORGANIZATION, "Acme Software GmbH");
    expect(form).toEqual({
      name: "Acme Software GmbH",
      slug: "acme-software-gmbh",
      slugEdited: false,
      livemode: false,
    });
    expect(withName(form, " ").slug).toBe("");
    form = withSlug(form, "Acme");
    expect(form.slug).toBe("acme");
    expect(withName(form, "Something else").slug).toBe("acme");
    // Cleared: it follows the name again.
    expect(withName(withSlug(form, ""), "Beta Labs").slug).toBe("beta-labs");
  });

  it("sends the trimmed name and slug, or asks for them", () => {
    expect(newOrganizationBody({ name: " Acme ", slug: "acme ", slugEdited: true, livemode: false })).toEqual(
      {
        body: { name: "Acme", slug: "acme", livemode: false },
        errors: {},
      },
    );
    expect(newOrganizationBody(EMPTY_NEW_ORGANIZATION).errors).toEqual({
      name: "Give the organization a name.",
      slug: "Give the organization a slug.",
    });
  });
});
