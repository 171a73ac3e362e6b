// English without the other catalogs: the default of the few shared wording functions that the
// English-only dashboard calls too (components/portal/format.ts), so they need no translator there.
// Buyer-facing callers always pass the page's translator.
import { en } from "./messages/en";
import { makeTranslator } from "./translator";

export const english = makeTranslator("en", en);
