"use client";
// Products over /v1/products/ (read-only here until the catalog's product pages land).
import type { z } from "zod";
import type { checkoutProductSchema } from "@/lib/products/schemas";
import { resourceHooks } from "./resource";

export type ProductResource = z.input<typeof checkoutProductSchema>;

export const products = resourceHooks<ProductResource, never, never>("products", "/v1/products/");
