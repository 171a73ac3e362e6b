import type { Metadata } from "next";
import { AccessTokensPage } from "@/components/dashboard/tokens/tokens-page";

export const metadata: Metadata = { title: "Access tokens" };

export default function Page() {
  return <AccessTokensPage />;
}
