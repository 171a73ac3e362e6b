// What the buyer typed before the page hydrated, from the inputs' snapshot, as changes to the
// form's state: only what differs, with the groups to send and whether the total may move.
import { describe, expect, it } from "vitest";
import { checkoutView, field } from "./checkout-fixture";
import { fieldId, initialValues } from "./form-state";
import { readTypedValues } from "./typed-values";

const EMPTY_CARD = { number: "", expiry: "", cvc: "" };

const checkout = () =>
  checkoutView({
    attached_custom_fields: [field("company", "text", false), field("terms", "checkbox", false)],
  });

const snapshotOf = (entries: Record<string, string | boolean>) =>
  Object.fromEntries(Object.entries(entries).map(([key, value]) => [fieldId(key), value]));

describe("readTypedValues", () => {
  it("takes over what was typed, answers and card included, with the groups to send", () => {
    const c = checkout();
    const typed = readTypedValues(
      snapshotOf({
        customer_email: "early@example.com",
        customer_name: "Early Bird",
        "customer_billing_address.country": "FR",
        "customer_billing_address.state": "",
        "custom_field_data.company": "Early SARL",
        "custom_field_data.terms": true,
        "card.number": "4242 4242 4242 4242",
        "card.expiry": "12/34",
        "card.cvc": "123",
      }),
      c,
      initialValues(c),
      EMPTY_CARD,
    );
    expect(typed?.values).toMatchObject({
      email: "early@example.com",
      name: "Early Bird",
      country: "FR",
      state: "",
      answers: { company: "Early SARL", terms: true },
    });
    expect(typed?.card).toEqual({ number: "4242 4242 4242 4242", expiry: "12/34", cvc: "123" });
    expect([...typed!.groups].sort()).toEqual([
      "custom_field_data",
      "customer_billing_address",
      "customer_email",
      "customer_name",
    ]);
    // The country moves the tax: the total must be answered before Pay goes through.
    expect(typed?.pricing).toBe(true);
  });

  it("is null when the inputs hold what the state holds (nothing typed, or already handled)", () => {
    const c = checkout();
    const values = { ...initialValues(c), email: "a@b.co" };
    const snapshot = snapshotOf({
      customer_email: "a@b.co",
      "custom_field_data.terms": false,
      "card.cvc": "",
    });
    expect(readTypedValues(snapshot, c, values, EMPTY_CARD)).toBeNull();
  });

  it("a name alone does not move the total", () => {
    const c = checkout();
    const typed = readTypedValues(snapshotOf({ customer_name: "Ada" }), c, initialValues(c), EMPTY_CARD);
    expect(typed).toMatchObject({ pricing: false, card: EMPTY_CARD });
    expect([...typed!.groups]).toEqual(["customer_name"]);
  });
});
