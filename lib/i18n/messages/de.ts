import type { Catalog } from "../catalog";

export const de: Catalog = {
  common: {
    total: "Gesamt",
    subtotal: "Zwischensumme",
    tax: "Steuer",
    discount: "Rabatt",
    reverseCharge: "Steuerschuldnerschaft des Leistungsempfängers",
    date: "Datum",
    amount: "Betrag",
    quantity: "Menge",
    description: "Beschreibung",
    language: "Sprache",
    currency: "Währung",
  },
};
