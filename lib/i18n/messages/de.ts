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
  currency: {
    payIn: "Bezahlen in",
    switchFailed: "Diese Währung konnte nicht gewählt werden: {reason}",
    priceIn: "{currency} · {price}",
  },
};
