"use client";
// /dashboard/<org>/discounts/new and /dashboard/<org>/discounts/<id>: the form, and on an existing
// discount how often it was redeemed and a Delete that asks first.
import { recordPages } from "../forms/edit-page";
import { discounts } from "../hooks/catalog";
import { DiscountForm } from "./form";

export const { NewPage: NewDiscountPage, EditPage: EditDiscountPage } = recordPages({
  hooks: discounts,
  title: (discount) => discount.name,
  summary: ({ redemptions_count: count }) => `Redeemed ${count} time${count === 1 ? "" : "s"}`,
  deleteExplains: "It can no longer be redeemed and its code is freed. Orders that used it keep it.",
  form: (discount) => <DiscountForm key={discount?.id} discount={discount} />,
});
