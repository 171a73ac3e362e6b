"use client";
// Checkout links over /v1/checkout-links/ (list with sorting, one, create, update, delete).
import type { z } from "zod";
import type {
  checkoutLinkSchema,
  createCheckoutLinkBody,
  updateCheckoutLinkBody,
} from "@/lib/checkout-links/schemas";
import { resourceHooks } from "./resource";

export type CheckoutLinkResource = z.input<typeof checkoutLinkSchema>;
export type CreateCheckoutLink = z.input<typeof createCheckoutLinkBody>;
export type UpdateCheckoutLink = z.input<typeof updateCheckoutLinkBody>;

export const checkoutLinks = resourceHooks<CheckoutLinkResource, CreateCheckoutLink, UpdateCheckoutLink>(
  "checkout-links",
  "/v1/checkout-links/",
);
