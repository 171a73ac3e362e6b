// The hosted checkout's form rules as plain data: initial values, request bodies, the checks
// confirm would make, and 422 problems turned into buyer-facing messages.
import { translator } from "@/lib/i18n/translate";
import { describe, expect, it } from "vitest";
import { checkoutView as checkout } from "./checkout-fixture";
import { SUBDIVISION_COUNTRIES } from "./subdivision-countries";
import { SUBDIVISIONS } from "./subdivisions";
import { validateCustomFieldData } from "@/lib/checkout/custom-fields";
import {
  amountBounds,
  amountProblems,
  buildConfirmBody,
  buildUpdateBody,
  customFieldData,
  errorsFrom,
  fieldId,
  initialValues,
  requirementProblems,
} from "./form-state";
import { formatMoney, moneyInputValue, parseMoney } from "@/lib/money";

const pwyw = { amount_type: "custom", minimum_amount: 300, maximum_amount: 50_000, preset_amount: 1500 };

describe("initial values", () => {
  it("start from what the session holds, answers as text (checkboxes as booleans)", () => {
    const values = initialValues(
      checkout({
        customer_email: "ada@example.com",
        customer_billing_address: { country: "US", state: "CA", line1: null, city: "LA", postal_code: null },
        custom_field_data: { company: "Acme", seats: 3, terms: true },
      }),
    );
    expect(values).toMatchObject({
      email: "ada@example.com",
      name: "",
      country: "US",
      state: "CA",
      city: "LA",
      postalCode: "",
      amount: "",
      answers: { company: "Acme", seats: "3", terms: true },
    });
  });

  it("show the preset amount of a pay-what-you-want price", () => {
    expect(initialValues(checkout({ product_price: pwyw })).amount).toBe("15.00");
    expect(initialValues(checkout({ product_price: pwyw, amount: 2500 })).amount).toBe("25.00");
  });
});

describe("request bodies", () => {
  it("send only the groups asked for, trimmed, null when empty", () => {
    const c = checkout();
    const values = { ...initialValues(c), email: "  ada@example.com ", name: "   " };
    expect(buildUpdateBody(c, values, ["customer_email", "customer_name"])).toEqual({
      customer_email: "ada@example.com",
      customer_name: null,
    });
  });

  it("type answers for the API: integers for numbers, booleans for checkboxes, null when unanswered", () => {
    const c = checkout();
    expect(customFieldData(c, { company: " Acme ", seats: "4", terms: false })).toEqual({
      company: "Acme",
      seats: 4,
      terms: false,
    });
    expect(customFieldData(c, { company: "", seats: "4.5" })).toEqual({
      company: null,
      seats: "4.5",
      terms: false,
    });
  });

  it("confirm carries the whole form, the state only where the country has states, and the token", () => {
    const c = checkout({ product_price: pwyw });
    const values = {
      ...initialValues(c),
      email: "ada@example.com",
      name: "Ada",
      country: "DE",
      state: "leftover",
      amount: "12.5",
      answers: { company: "Acme", seats: "", terms: true },
    };
    expect(buildConfirmBody(c, values, "tok_visa")).toEqual({
      customer_email: "ada@example.com",
      customer_name: "Ada",
      customer_tax_id: null,
      customer_billing_address: {
        country: "DE",
        state: null,
        line1: null,
        line2: null,
        city: null,
        postal_code: null,
      },
      custom_field_data: { company: "Acme", seats: null, terms: true },
      amount: 1250,
      confirmation_token_id: "tok_visa",
    });
    expect(buildConfirmBody(c, { ...values, amount: "abc" }, null)).not.toHaveProperty("amount");
  });
});

describe("checks before confirm", () => {
  it("list every missing requirement with the API's locs", () => {
    const c = checkout();
    const problems = requirementProblems(c, { ...initialValues(c), country: "US" }, validateCustomFieldData);
    expect(problems.map((p) => p.loc.join("."))).toEqual([
      "body.customer_email",
      "body.customer_name",
      "body.customer_billing_address.state",
      "body.custom_field_data.company",
      "body.custom_field_data.terms",
    ]);
  });

  it("need no name or country when nothing is to be paid", () => {
    const c = checkout({ is_payment_form_required: false, attached_custom_fields: [] });
    expect(requirementProblems(c, { ...initialValues(c), email: "a@b.co" }, validateCustomFieldData)).toEqual(
      [],
    );
  });

  it("check a pay-what-you-want amount against the price's bounds", () => {
    const c = checkout({ product_price: pwyw });
    expect(amountBounds(c.product_price)).toEqual({ min: 300, max: 50_000 });
    expect(amountProblems(c, "2.99").map((p) => p.type)).toEqual(["greater_than_equal"]);
    expect(amountProblems(c, "500.01").map((p) => p.type)).toEqual(["less_than_equal"]);
    expect(amountProblems(c, "3")).toEqual([]);
    expect(amountProblems(c, "").map((p) => p.type)).toEqual(["missing"]);
    expect(amountProblems(c, "lots").map((p) => p.type)).toEqual(["int_type"]);
    expect(amountProblems(checkout(), "")).toEqual([]);
  });
});

describe("messages from 422 problems", () => {
  it("speak to the buyer, one per field, first problem wins", () => {
    const c = checkout({ product_price: pwyw });
    const errors = errorsFrom(
      [
        { type: "missing", loc: ["body", "customer_email"], msg: "Field required", input: null },
        { type: "value_error", loc: ["body", "customer_email"], msg: "bad", input: "x" },
        { type: "greater_than_equal", loc: ["body", "amount"], msg: "", input: 100 },
        { type: "string_too_short", loc: ["body", "custom_field_data", "company"], msg: "", input: "A" },
        { type: "missing", loc: ["body", "custom_field_data", "terms"], msg: "Field required", input: null },
        { type: "less_than_equal", loc: ["body", "custom_field_data", "seats"], msg: "", input: 11 },
        { type: "missing", loc: ["body", "confirmation_token_id"], msg: "Field required", input: null },
      ],
      c,
      translator("en"),
    );
    expect(errors).toEqual({
      customer_email: "Enter your email address.",
      amount: "Enter at least $3.00.",
      "custom_field_data.company": "Enter at least 2 characters.",
      "custom_field_data.terms": "Please check this box to continue.",
      "custom_field_data.seats": "Enter a number of at most 10.",
      confirmation_token_id: "Enter your card details.",
    });
    expect(fieldId("custom_field_data.company")).toBe("field-custom_field_data-company");
  });

  it("speak the page's language, with its money and numbers", () => {
    const c = checkout({ product_price: pwyw, currency: "eur" });
    const problems = [
      { type: "missing", loc: ["body", "customer_email"], msg: "Field required", input: null },
      { type: "greater_than_equal", loc: ["body", "amount"], msg: "", input: 100 },
      { type: "missing", loc: ["body", "customer_tax_id"], msg: "Field required", input: null },
    ];
    const nbsp = (errors: Record<string, string>) =>
      Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, v.replace(/\s/g, " ")]));
    expect(nbsp(errorsFrom(problems, c, translator("de")))).toEqual({
      customer_email: "Geben Sie Ihre E-Mail-Adresse ein.",
      amount: "Geben Sie mindestens 3,00 € ein.",
      customer_tax_id: "Steuernummer ist erforderlich.",
    });
    expect(nbsp(errorsFrom(problems, c, translator("fr"))).amount).toBe("Saisissez au moins 3,00 €.");
    expect(nbsp(errorsFrom(problems, c, translator("es"))).amount).toBe("Introduce al menos 3,00 €.");
  });
});

describe("money", () => {
  it("parses what buyers type and formats minor units", () => {
    expect(parseMoney("12", "usd")).toBe(1200);
    expect(parseMoney("$1,200.5", "usd")).toBe(120050);
    expect(parseMoney(".5", "usd")).toBe(50);
    expect(parseMoney("1.234", "usd")).toBeNull();
    expect(parseMoney("12abc", "usd")).toBeNull();
    expect(parseMoney("500", "jpy")).toBe(500);
    expect(formatMoney(4900, "usd")).toBe("$49.00");
    expect(formatMoney(500, "jpy")).toBe("¥500");
    expect(moneyInputValue(1500, "usd")).toBe("15.00");
  });
});

describe("subdivision countries", () => {
  it("are the countries the page's subdivision data has", () => {
    expect([...SUBDIVISION_COUNTRIES].sort()).toEqual(Object.keys(SUBDIVISIONS).sort());
  });
});
