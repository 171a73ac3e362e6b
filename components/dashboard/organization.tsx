"use client";
// The organization the dashboard is looking at (from the URL's slug). Every list query passes its
// id as organization_id, so a merchant in several organizations sees one at a time.
import { createContext, useContext } from "react";
import type { SessionOrganization } from "./hooks/session";

const OrganizationContext = createContext<SessionOrganization | null>(null);

export const OrganizationProvider = OrganizationContext.Provider;

export function useOrganization(): SessionOrganization {
  const organization = useContext(OrganizationContext);
  if (!organization) throw new Error("useOrganization outside the dashboard shell");
  return organization;
}

/** The dashboard path of a page within the current organization. */
export function useOrgPath(): (path?: string) => string {
  const { slug } = useOrganization();
  return (path = "") => `/dashboard/${slug}${path}`;
}
