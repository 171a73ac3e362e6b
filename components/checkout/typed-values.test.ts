// What the buyer typed before the page hydrated, from the inputs' snapshot, as changes to the
// form's state: only what differs, with the groups to send and whether the total may move.
import { describe, expect, it } from "vitest";
import { checkoutView, field } from "./checkout-fixture";
import { fieldId, initialValues } from "./form-state";
import { EMPTY_CARD, readTypedCard, readTypedValues } from "./typed-values";

const checkout = () =>
  checkoutView({
    attached_custom_fields: [field("company", "text", false), field("terms", "checkbox", false)],
  });

const snapshotOf = (entries: Record<string, string | boolean>) =>
  Object.fromEntries(Object.entries(entries).map(([key, value]) => [fieldId(key), value]));

describe("readTypedValues", () => {
  it("takes over what was typed, answers included, with the groups to send (the card is the card form's)", () => {
    const c = checkout();
    const snapshot = snapshotOf({
      customer_email: "early@example.com",
      customer_name: "Early Bird",
      "customer_billing_address.country": "FR",
      "customer_billing_address.state": "",
      "custom_field_data.company": "Early SARL",
      "custom_field_data.terms": true,
      "card.number": "4242 4242 4242 4242",
      "card.expiry": "12/34",
      "card.cvc": "123",
    });
    const typed = readTypedValues(snapshot, c, initialValues(c));
    expect(typed?.values).toMatchObject({
      email: "early@example.com",
      name: "Early Bird",
      country: "FR",
      state: "",
      answers: { company: "Early SARL", terms: true },
    });
    expect(typed).not.toHaveProperty("card");
    expect(readTypedCard(snapshot, EMPTY_CARD)).toEqual({
      number: "4242 4242 4242 4242",
      expiry: "12/34",
      cvc: "123",
    });
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
    expect(readTypedValues(snapshot, c, values)).toBeNull();
    expect(readTypedCard(snapshot, EMPTY_CARD)).toBeNull();
  });

  it("a name alone does not move the total", () => {
    const c = checkout();
    const snapshot = snapshotOf({ customer_name: "Ada" });
    const typed = readTypedValues(snapshot, c, initialValues(c));
    expect(typed).toMatchObject({ pricing: false });
    expect(readTypedCard(snapshot, EMPTY_CARD)).toBeNull();
    expect([...typed!.groups]).toEqual(["customer_name"]);
  });

  it("a card part typed alone is taken over with the parts already held", () => {
    const held = { number: "4242 4242 4242 4242", expiry: "", cvc: "" };
    const snapshot = snapshotOf({ "card.number": "4242 4242 4242 4242", "card.expiry": "12/34" });
    expect(readTypedCard(snapshot, held)).toEqual({ ...held, expiry: "12/34" });
    // Only the card: nothing else of the form moves.
    const c = checkout();
    expect(readTypedValues(snapshot, c, initialValues(c))).toBeNull();
  });
});
