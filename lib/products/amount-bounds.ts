// The bounds of a price's amount (minor units) and of a pay-what-you-want amount: the product's
// schema checks prices with them, the checkout checks the buyer's amount (lib/checkout/amounts.ts
// re-exports them for the checkout page, whose JavaScript must not load the product schemas).
export const MIN_CUSTOM_AMOUNT = 50;
export const MAX_CUSTOM_AMOUNT = 99_999_999;
