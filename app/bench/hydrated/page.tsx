// GET /bench/hydrated — the empty page plus one tiny client component that says when the page has
// hydrated: the framework's floor for `npm run bench:checkout-page`'s time to an enabled Pay button
// (the same machine, load and build; the first-load JS floor is /bench/empty).
import { HydratedMarker } from "./hydrated-marker";

export const metadata = { robots: { index: false, follow: false } };

export default function HydratedPage() {
  return (
    <main>
      <HydratedMarker />
    </main>
  );
}
