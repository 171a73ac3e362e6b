// `next build` (the CLI's first argument), as opposed to the app's server loading this file.
const building = process.argv[2] === "build";
// CI's one build for the browser tests (.ci/run): the whole project was typechecked by `tsc` just
// before, and the build folder is thrown away after the run, so neither Next.js's own TypeScript
// pass (about 80 s on a 2-core machine) nor its build cache (about 20 s) buys anything there.
const throwawayBuild = building && process.env.NEXT_THROWAWAY_BUILD === "1";

/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // A separate build folder lets two builds (e.g. two browser-test runs) share one checkout.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  // `/v1/orders/` and `/v1/orders` must both answer directly (docs/api.md §1), not redirect.
  skipTrailingSlashRedirect: true,
  // PGlite loads its wasm and data files from node_modules at run time: keep these unbundled.
  serverExternalPackages: [
    "@electric-sql/pglite",
    "pglite-prisma-adapter",
    "pg",
    "@prisma/adapter-pg",
    // A native addon (the data-folder lock): loaded from node_modules, never bundled.
    "fs-native-extensions",
    // Loaded on the first email over SMTP (lib/email/transport.ts), from node_modules.
    "nodemailer",
    // Reads its standard fonts' metric files from node_modules at run time (the receipt PDF).
    "pdfkit",
  ],
  // Next.js loads every route's module at start by default (in the background, but on the one
  // thread that also boots the database, and they stay in memory): each loads on its first request.
  // Only the server reads it: `next build` would list it as "⨯ preloadEntriesOnStart", a line that
  // reads like an error in the first `npm start`'s output.
  experimental: building
    ? { turbopackFileSystemCacheForBuild: !throwawayBuild }
    : { preloadEntriesOnStart: false },
  typescript: { ignoreBuildErrors: throwawayBuild },
  // The API is route handlers addressed by clients, not <Link>s: typed routes would only slow builds.
  typedRoutes: false,
  async headers() {
    return [
      {
        // Everything but the pages whose headers (a nonce CSP; for the checkout, frame-ancestors
        // from the session's embed_origin) are set per request by proxy.ts.
        source: "/((?!checkout/|portal/|receipts/|dashboard).*)",
        headers: [
          { key: "X-Content-Type-Options", value: "nosniff" },
          { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
          { key: "X-Frame-Options", value: "DENY" },
        ],
      },
      {
        // Not on the pages above, nor on uploaded files: their route sets a stricter policy of its
        // own (default-src 'none' as well), which this one would replace.
        source: "/((?!checkout/|portal/|receipts/|dashboard|files/).*)",
        headers: [{ key: "Content-Security-Policy", value: "frame-ancestors 'none'" }],
      },
      {
        // Receipts are personal (the link is the key): never indexed, cached, or leaked by referrer.
        source: "/receipts/:path*",
        headers: [
          { key: "X-Robots-Tag", value: "noindex, nofollow" },
          { key: "Cache-Control", value: "private, no-store" },
          { key: "Referrer-Policy", value: "no-referrer" },
        ],
      },
    ];
  },
};

export default nextConfig;
