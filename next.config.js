/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // `/v1/orders/` and `/v1/orders` must both answer directly (contract section 1), not redirect.
  skipTrailingSlashRedirect: true,
  // PGlite loads its wasm and data files from node_modules at run time: keep these unbundled.
  serverExternalPackages: ["@electric-sql/pglite", "pglite-prisma-adapter", "pg", "@prisma/adapter-pg"],
  // The API is route handlers addressed by clients, not <Link>s: typed routes would only slow builds.
  typedRoutes: false,
};

export default nextConfig;
