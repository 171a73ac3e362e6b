// The list lives in lib/core/subdivisions.ts (the server's tax rules read it too, and lib/ imports
// nothing from components/); kept here so the page's imports stay short.
export { SUBDIVISIONS, type Subdivisions } from "@/lib/core/subdivisions";
