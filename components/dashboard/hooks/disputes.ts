"use client";
// Disputes over /v1/disputes/ (read only: processors report them, lib/disputes/record.ts).
import type { z } from "zod";
import type { disputeSchema } from "@/lib/disputes/schemas";
import { resourceHooks } from "./resource";

export type DisputeResource = z.input<typeof disputeSchema>;

export const disputes = resourceHooks<DisputeResource>("disputes", "/v1/disputes/");
