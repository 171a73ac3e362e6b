// next.config.js is plain JavaScript (Next.js loads it before any TypeScript): its type, for the
// test that reads its headers (app/files/[id]/[name]/static-headers.test.ts).
declare module "@/next.config.js" {
  const config: import("next").NextConfig;
  export default config;
}
