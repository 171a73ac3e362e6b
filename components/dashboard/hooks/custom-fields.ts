"use client";
// Custom fields over /v1/custom-fields/ (list with type filter, search and sorting; CRUD).
import type { z } from "zod";
import type {
  createCustomFieldBody,
  customFieldSchema,
  updateCustomFieldBody,
} from "@/lib/custom-fields/schemas";
import { resourceHooks } from "./resource";

export type CustomField = z.input<typeof customFieldSchema>;
export type CreateCustomField = z.input<typeof createCustomFieldBody>;
export type UpdateCustomField = z.input<typeof updateCustomFieldBody>;

export const customFields = resourceHooks<CustomField, CreateCustomField, UpdateCustomField>(
  "custom-fields",
  "/v1/custom-fields/",
);
