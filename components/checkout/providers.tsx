"use client";
// One session store per page load (never shared between requests on the server).
import { useState, type ReactNode } from "react";
import type { CheckoutView } from "./api";
import { CheckoutStoreContext } from "./hooks";
import { CheckoutStore } from "./store";

export function CheckoutProviders({
  initialCheckout,
  children,
}: {
  initialCheckout: CheckoutView;
  children: ReactNode;
}) {
  const [store] = useState(() => new CheckoutStore(initialCheckout));
  return <CheckoutStoreContext.Provider value={store}>{children}</CheckoutStoreContext.Provider>;
}
