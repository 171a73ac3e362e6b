// The app's public base URL (checkout links, cookie security). Its own module, free of Node
// imports, because the hosted checkout's client bundle reaches it through lib/checkout/schemas.ts.
export function publicBaseUrl(): string {
  const base = process.env.PUBLIC_BASE_URL ?? `http://localhost:${process.env.PORT ?? 3000}`;
  return base.replace(/\/+$/, "");
}
