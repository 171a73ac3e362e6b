import type { Catalog } from "../catalog";

export const es: Catalog = {
  common: {
    total: "Total",
    subtotal: "Subtotal",
    tax: "Impuesto",
    discount: "Descuento",
    reverseCharge: "Inversión del sujeto pasivo",
    date: "Fecha",
    amount: "Importe",
    quantity: "Cantidad",
    description: "Descripción",
    language: "Idioma",
    currency: "Moneda",
  },
  currency: {
    payIn: "Pagar en",
    switchFailed: "No se pudo elegir esta moneda: {reason}",
    priceIn: "{currency} · {price}",
  },
};
