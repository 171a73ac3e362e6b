"use client";
// Discounts over /v1/discounts/ (list with search and sorting, one, create, update, delete).
import type { z } from "zod";
import type { createDiscountBody, discountSchema, updateDiscountBody } from "@/lib/discounts/schemas";
import { resourceHooks } from "./resource";

export type DiscountResource = z.input<typeof discountSchema>;
export type CreateDiscount = z.input<typeof createDiscountBody>;
export type UpdateDiscount = z.input<typeof updateDiscountBody>;

export const discounts = resourceHooks<DiscountResource, CreateDiscount, UpdateDiscount>(
  "discounts",
  "/v1/discounts/",
);
