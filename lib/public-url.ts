// The app's public base URL (checkout links, cookie security). Its own module, free of Node
// imports, because the hosted checkout's client bundle reaches it through lib/checkout/schemas.ts.
export function publicBaseUrl(): string {
  const base = process.env.PUBLIC_BASE_URL ?? `http://localhost:${process.env.PORT ?? 3000}`;
  return base.replace(/\/+$/, "");
}

/** Where an organization's buyers sign in to manage their purchases (the customer portal). */
export function portalUrl(organizationSlug: string): string {
  return `${publicBaseUrl()}/portal/${encodeURIComponent(organizationSlug)}`;
}
