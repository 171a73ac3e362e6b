"use client";
// Checkout sessions over /v1/checkouts/custom/ (merchant view): the list and one session.
import type { z } from "zod";
import type { checkoutSchema } from "@/lib/checkout/schemas";
import { resourceHooks } from "./resource";

export type Checkout = z.input<typeof checkoutSchema>;

export type CheckoutListParams = {
  organization_id: string;
  status?: string;
  product_id?: string;
  sorting: string[];
  page: number;
  limit: number;
};

export const {
  keys: checkoutKeys,
  useList: useCheckouts,
  useOne: useCheckout,
} = resourceHooks<Checkout>("checkouts", "/v1/checkouts/custom/");
