// The list lives in lib/core/countries.ts (the server's tax rules read it too, and lib/ imports
// nothing from components/); kept here so the page's imports stay short.
export { COUNTRIES, type Choice } from "@/lib/core/countries";
