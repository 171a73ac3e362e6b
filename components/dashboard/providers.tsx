"use client";
// One QueryClient per page load (see query-client.ts for retries and the 401 rule).
import { useState, type ReactNode } from "react";
import { QueryClientProvider } from "@tanstack/react-query";
import { createDashboardQueryClient } from "./query-client";
import { Toaster } from "./ui/toast";

export function DashboardProviders({ children }: { children: ReactNode }) {
  const [client] = useState(createDashboardQueryClient);
  return (
    <QueryClientProvider client={client}>
      <Toaster>{children}</Toaster>
    </QueryClientProvider>
  );
}
