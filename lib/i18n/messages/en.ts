// English, the catalog every other language mirrors key for key (lib/i18n/catalogs.test.ts).
// Placeholders are {name}; a text with a count has `_one` / `_other` keys.
export const en = {
  common: {
    total: "Total",
    subtotal: "Subtotal",
    tax: "Tax",
    discount: "Discount",
    reverseCharge: "Reverse charge",
    date: "Date",
    amount: "Amount",
    quantity: "Quantity",
    description: "Description",
    language: "Language",
    currency: "Currency",
  },
  currency: {
    payIn: "Pay in",
    switchFailed: "This currency could not be chosen: {reason}",
    priceIn: "{currency} · {price}",
  },
} as const;
