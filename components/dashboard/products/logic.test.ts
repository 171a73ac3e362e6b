// The product form → API bodies: new prices in minor units with problems keyed `prices.i.*`, kept
// prices as `{id}`, removed ones left out (archived), and a PATCH of only what changed.
import { describe, expect, it } from "vitest";
import type { ProductPrice, ProductResource } from "../hooks/catalog";
import {
  benefitsChanged,
  EMPTY_PRODUCT_FORM,
  formFromProduct,
  newPriceBody,
  newPriceRow,
  priceInAnotherCurrency,
  priceSummary,
  productBody,
  productPatch,
} from "./logic";

const price = (id: string, overrides: Partial<ProductPrice> = {}): ProductPrice => ({
  id,
  created_at: "2030-01-01T00:00:00.000Z",
  modified_at: null,
  amount_type: "fixed",
  is_archived: false,
  product_id: "p1",
  price_currency: "usd",
  price_amount: 1000,
  minimum_amount: null,
  maximum_amount: null,
  preset_amount: null,
  type: "recurring",
  recurring_interval: "month",
  source: "catalog",
  tax_behavior: null,
  ...overrides,
});

const product = {
  id: "p1",
  created_at: "2030-01-01T00:00:00.000Z",
  modified_at: null,
  name: "Pro plan",
  description: null,
  is_recurring: true,
  is_archived: false,
  organization_id: "o1",
  prices: [price("a"), price("b", { recurring_interval: "year", price_amount: 10000 })],
  benefits: [],
  medias: [],
  metadata: { tier: 2 },
  attached_custom_fields: [],
  trial_interval: null,
  trial_interval_count: null,
} as unknown as ProductResource;

describe("productBody", () => {
  it("builds new prices in minor units for a one-time product", () => {
    const form = EMPTY_PRODUCT_FORM();
    form.name = " Ebook ";
    form.prices[0]!.amount = "12.50";
    const custom = { ...newPriceRow("custom", "eur"), minimum: "5", preset: "10" };
    form.prices.push(custom, newPriceRow("free"));
    const { body, errors } = productBody(form);
    expect(errors).toEqual({});
    expect(body).toEqual({
      name: "Ebook",
      description: null,
      is_recurring: false,
      medias: [],
      attached_custom_fields: [],
      metadata: {},
      prices: [
        {
          amount_type: "fixed",
          price_currency: "usd",
          type: "one_time",
          recurring_interval: null,
          price_amount: 1250,
        },
        {
          amount_type: "custom",
          price_currency: "eur",
          type: "one_time",
          recurring_interval: null,
          minimum_amount: 500,
          maximum_amount: null,
          preset_amount: 1000,
        },
        { amount_type: "free", price_currency: "usd", type: "one_time", recurring_interval: null },
      ],
    });
  });

  it("keys problems by the price's index, like the API's 422", () => {
    const form = EMPTY_PRODUCT_FORM();
    form.name = "ab";
    form.prices.push({ ...newPriceRow("custom"), minimum: "20", maximum: "10", preset: "0.10" });
    form.prices.push({ ...newPriceRow("fixed", "dollars"), amount: "1.234" });
    expect(productBody(form).errors).toEqual({
      name: "Give the product a name of 3 characters or more.",
      "prices.0.price_amount": "Enter an amount, e.g. 10.00.",
      "prices.1.preset_amount": "Enter at least $0.50.",
      "prices.1.maximum_amount": "The maximum should be at least the minimum.",
      "prices.2.price_currency": "Enter a three-letter currency code.",
      "prices.2.price_amount": "Enter an amount, e.g. 10.00.",
    });
  });

  it("gives recurring prices their interval", () => {
    const form = { ...EMPTY_PRODUCT_FORM(), name: "Pro", is_recurring: true };
    form.prices[0] = { ...form.prices[0]!, amount: "5", interval: "year" };
    expect(productBody(form).body.prices).toEqual([
      {
        amount_type: "fixed",
        price_currency: "usd",
        type: "recurring",
        recurring_interval: "year",
        price_amount: 500,
      },
    ]);
  });
});

describe("productPatch", () => {
  it("sends nothing when nothing changed", () => {
    expect(productPatch(formFromProduct(product), product)).toEqual({ body: {}, errors: {} });
  });

  it("keeps existing prices by id, archives removed ones by leaving them out, adds new ones", () => {
    const form = formFromProduct(product);
    const [, removed] = form.prices;
    form.prices = [form.prices[0]!, { ...newPriceRow(), amount: "3" }];
    form.archived = [removed!.existing!];
    form.name = "Pro plan 2";
    const { body, errors } = productPatch(form, product);
    expect(errors).toEqual({});
    expect(body).toEqual({
      name: "Pro plan 2",
      prices: [
        { id: "a" },
        {
          amount_type: "fixed",
          price_currency: "usd",
          type: "recurring",
          recurring_interval: "month",
          price_amount: 300,
        },
      ],
    });
  });

  it("sends the prices when only their order or membership changed", () => {
    const form = formFromProduct(product);
    form.prices.reverse();
    expect(productPatch(form, product).body).toEqual({ prices: [{ id: "b" }, { id: "a" }] });
    form.prices = [];
    expect(productPatch(form, product).errors).toEqual({ prices: "Add at least one price." });
  });

  it("keeps metadata types and replaces lists of custom fields", () => {
    const form = formFromProduct(product);
    form.attached_custom_fields = [{ custom_field_id: "cf", name: "Company", required: true }];
    expect(productPatch(form, product).body).toEqual({
      attached_custom_fields: [{ custom_field_id: "cf", required: true }],
    });
  });
});

describe("benefitsChanged and priceSummary", () => {
  it("compares benefit ids in order", () => {
    const form = formFromProduct(product);
    expect(benefitsChanged(form, product)).toBe(false);
    expect(benefitsChanged({ ...form, benefits: ["x"] }, product)).toBe(true);
  });

  it("summarises non-archived prices", () => {
    expect(priceSummary(product)).toBe("$10.00 / month, $100.00 / year");
    expect(
      priceSummary({
        prices: [
          price("c", { amount_type: "custom", minimum_amount: 500, recurring_interval: null }),
          price("d", { amount_type: "free", recurring_interval: null }),
          price("e", { is_archived: true }),
        ],
      }),
    ).toBe("Pay what you want (from $5.00), Free");
    expect(priceSummary({ prices: [] })).toBe("—");
  });
});

describe("a subscription's free trial", () => {
  it("is sent with the product, checked, and changed or removed by the PATCH", () => {
    const form = { ...formFromProduct(product), trial_interval: "day" as const, trial_interval_count: "14" };
    expect(productPatch(form, product)).toEqual({
      body: { trial_interval: "day", trial_interval_count: 14 },
      errors: {},
    });
    expect(productPatch({ ...form, trial_interval_count: "0" }, product).errors).toEqual({
      trial_interval_count: "Enter a whole number from 1 to 1000.",
    });
    const withTrial = { ...product, trial_interval: "day", trial_interval_count: 14 } as ProductResource;
    expect(productPatch({ ...formFromProduct(withTrial), trial_interval: "" }, withTrial).body).toEqual({
      trial_interval: null,
      trial_interval_count: null,
    });
  });
});

describe("a price's tax behaviour", () => {
  it("is sent only when the price says so itself", () => {
    const errors: Record<string, string> = {};
    const row = { ...newPriceRow("fixed", "eur"), amount: "119.00" };
    expect(newPriceBody(row, 0, false, errors)).not.toHaveProperty("tax_behavior");
    expect(newPriceBody({ ...row, taxBehavior: "inclusive" }, 0, false, errors)).toMatchObject({
      price_amount: 11900,
      tax_behavior: "inclusive",
    });
    expect(errors).toEqual({});
  });
});

describe("priceInAnotherCurrency", () => {
  it("copies the last price's type and interval into the first common currency not yet used", () => {
    const rows = [{ ...newPriceRow("custom", "usd"), interval: "year" as const }];
    expect(priceInAnotherCurrency(rows, ["usd", "eur", "gbp"])).toMatchObject({
      amount_type: "custom",
      currency: "eur",
      interval: "year",
      amount: "",
    });
    expect(
      priceInAnotherCurrency([newPriceRow("fixed", "usd"), newPriceRow("fixed", "eur")], ["usd", "eur"]),
    ).toBeNull();
  });
});
