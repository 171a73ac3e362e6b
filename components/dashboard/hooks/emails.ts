"use client";
// Emails to buyers over /v1/emails/: the list (no bodies) and one email with its two parts.
import type { z } from "zod";
import type { emailDetailSchema, emailSchema } from "@/lib/email/schemas";
import { resourceHooks } from "./resource";

export type EmailSummary = z.input<typeof emailSchema>;
export type EmailDetail = z.input<typeof emailDetailSchema>;

export type EmailListParams = {
  organization_id: string;
  status?: string;
  sorting: string[];
  page: number;
  limit: number;
};

export const {
  keys: emailKeys,
  useList: useEmails,
  useOne: useEmail,
} = resourceHooks<EmailSummary, never, never, EmailDetail>("emails", "/v1/emails/");
