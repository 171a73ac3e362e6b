"use client";
// /dashboard/<org>/benefits/new and /dashboard/<org>/benefits/<id>: the form, and on an existing
// benefit a Delete that asks first (one a product uses or a customer was granted is refused with
// 409: its message is shown in the dialog).
import { recordPages } from "../forms/edit-page";
import { benefits } from "../hooks/catalog";
import { BenefitForm } from "./form";
import { BENEFIT_TYPE_LABELS } from "./logic";

export const { NewPage: NewBenefitPage, EditPage: EditBenefitPage } = recordPages({
  hooks: benefits,
  title: (benefit) => benefit.description,
  summary: (benefit) => `${BENEFIT_TYPE_LABELS[benefit.type]} benefit`,
  deleteExplains: "Only a benefit no product uses and no customer was granted can be deleted.",
  form: (benefit) => <BenefitForm key={benefit?.id} benefit={benefit} />,
});
