// The API's own schemas and its zod → 422 mapping, for the browser: loaded on demand through
// loadSchemas() (api.ts), never imported statically by a component, so zod stays out of first load.
export {
  checkoutClientSchema,
  checkoutConfirmedSchema,
  clientUpdateCheckoutBody,
  confirmCheckoutBody,
} from "@/lib/checkout/schemas";
export { parseWith } from "@/lib/core/validation";
export { validateCustomFieldData } from "@/lib/checkout/custom-fields";
