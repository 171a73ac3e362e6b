import type { Catalog } from "../catalog";

export const fr: Catalog = {
  common: {
    total: "Total",
    subtotal: "Sous-total",
    tax: "Taxe",
    discount: "Remise",
    reverseCharge: "Autoliquidation",
    date: "Date",
    amount: "Montant",
    quantity: "Quantité",
    description: "Description",
    language: "Langue",
    currency: "Devise",
  },
  currency: {
    payIn: "Payer en",
    switchFailed: "Cette devise n’a pas pu être choisie : {reason}",
    priceIn: "{currency} · {price}",
  },
};
