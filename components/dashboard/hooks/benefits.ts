"use client";
// Benefits over /v1/benefits/ (list with type filter, search and sorting; CRUD).
import type { z } from "zod";
import type { benefitResourceSchema, createBenefitBody, updateBenefitBody } from "@/lib/benefits/schemas";
import { resourceHooks } from "./resource";

export type BenefitResource = z.input<typeof benefitResourceSchema>;
export type CreateBenefit = z.input<typeof createBenefitBody>;
export type UpdateBenefit = z.input<typeof updateBenefitBody>;

export const benefits = resourceHooks<BenefitResource, CreateBenefit, UpdateBenefit>(
  "benefits",
  "/v1/benefits/",
);
