// GET /bench/empty — an App Router page with nothing on it, for `npm run bench:checkout-page`: its
// first-load JavaScript is the framework's floor in this build (runtime, React, router), against
// which the hosted checkout's is measured. Not linked from anywhere; renders nothing of its own.
export const metadata = { robots: { index: false, follow: false } };

export default function EmptyPage() {
  return <main />;
}
