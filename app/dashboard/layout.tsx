// The merchant dashboard: a client app over the /v1 handlers, authenticated by the session cookie.
import type { Metadata } from "next";
import type { ReactNode } from "react";
import { DashboardProviders } from "@/components/dashboard/providers";

// Rendered per request: the page's scripts carry the nonce of that request's CSP (proxy.ts), which
// a page built once ahead of time could not.
export const dynamic = "force-dynamic";

export const metadata: Metadata = {
  title: { default: "Dashboard", template: "%s · Dashboard" },
  robots: { index: false, follow: false },
};

export default function DashboardLayout({ children }: { children: ReactNode }) {
  return <DashboardProviders>{children}</DashboardProviders>;
}
