// Which countries make the buyer pick a state or province: all the form's rules need. The choices
// themselves (./subdivisions.ts) come with the page's data, not its JavaScript, like the countries.

/** Kept equal to the keys of ./subdivisions.ts SUBDIVISIONS (test: ./form-state.test.ts). */
export const SUBDIVISION_COUNTRIES: ReadonlySet<string> = new Set(["US", "CA"]);

export function hasSubdivisions(country: string): boolean {
  return SUBDIVISION_COUNTRIES.has(country);
}
