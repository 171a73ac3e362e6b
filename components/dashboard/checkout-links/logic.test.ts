// The checkout link form → create and PATCH bodies, problems keyed like the API's, the title.
import { describe, expect, it } from "vitest";
import type { CheckoutLinkResource } from "../hooks/catalog";
import {
  checkoutLinkBody,
  checkoutLinkPatch,
  checkoutLinkTitle,
  EMPTY_CHECKOUT_LINK_FORM,
  formFromCheckoutLink,
} from "./logic";

const link = {
  id: "l1",
  created_at: "2030-01-01T00:00:00.000Z",
  modified_at: null,
  metadata: { campaign: "spring", seats: 3 },
  organization_id: "o1",
  label: "Spring sale",
  slug: null,
  allow_discount_codes: true,
  success_url: null,
  discount_id: "d1",
  discount: null,
  products: [
    { id: "p1", name: "Pro" },
    { id: "p2", name: "Team" },
  ],
  url: "https://shop.test/buy/l1",
} as unknown as CheckoutLinkResource;

describe("checkout link form", () => {
  it("builds the create body with empty texts as null", () => {
    const form = { ...EMPTY_CHECKOUT_LINK_FORM, products: ["p2", "p1"], label: "  Launch " };
    expect(checkoutLinkBody(form)).toEqual({
      body: {
        products: ["p2", "p1"],
        discount_id: null,
        allow_discount_codes: true,
        success_url: null,
        label: "Launch",
        slug: null,
        metadata: {},
      },
      errors: {},
    });
  });

  it("asks for a product", () => {
    expect(checkoutLinkBody(EMPTY_CHECKOUT_LINK_FORM).errors).toEqual({
      products: "Choose at least one product.",
    });
  });

  it("sends only what changed, keeping metadata types; null clears", () => {
    const form = formFromCheckoutLink(link);
    expect(checkoutLinkPatch(form, link)).toEqual({ body: {}, errors: {} });
    form.discount_id = "";
    form.slug = "spring";
    form.products = ["p2", "p1"];
    expect(checkoutLinkPatch(form, link).body).toEqual({
      discount_id: null,
      slug: "spring",
      products: ["p2", "p1"],
    });
  });

  it("titles a link by label, slug, then products", () => {
    expect(checkoutLinkTitle(link)).toBe("Spring sale");
    expect(checkoutLinkTitle({ ...link, label: null, slug: "spring" })).toBe("spring");
    expect(checkoutLinkTitle({ ...link, label: null })).toBe("Pro, Team");
  });
});
