// The portal's first paint reads the organization exactly as the browser would: through the public
// route's own handler (same output schema, same JSON), in process.
import { headers } from "next/headers";
import { cache } from "react";
import { GET } from "@/app/v1/customer-portal/organizations/[slug]/route";
import type { PortalOrganization } from "@/components/portal/api";
import { addressHeaders } from "@/lib/http/peer";

/** The organization whose portal this is, or null when there is none; once per request. */
export const loadPortalOrganization = cache(async (slug: string): Promise<PortalOrganization | null> => {
  const path = `/v1/customer-portal/organizations/${encodeURIComponent(slug)}`;
  // The visitor's address travels along, so this read counts against their own rate-limit budget.
  const request = new Request(new URL(path, "http://portal.internal"), {
    headers: addressHeaders(await headers()),
  });
  const response = await GET(request, { params: Promise.resolve({ slug }) });
  // 422: a malformed slug (too long) is as unknown as a wrong one.
  if (response.status === 404 || response.status === 422) return null;
  if (!response.ok) throw new Error(`Loading the portal's organization failed (${response.status}).`);
  return (await response.json()) as PortalOrganization;
});
