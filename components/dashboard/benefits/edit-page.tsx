"use client";
// /dashboard/<org>/benefits/new and /dashboard/<org>/benefits/<id>: the form, and on an existing
// benefit a Delete that asks first (one a product uses or a customer was granted is refused with
// 409: its message is shown in the dialog).
import { formatDateTime } from "../format";
import { EditRecordPage, NewRecordPage } from "../forms/edit-page";
import { benefits } from "../hooks/benefits";
import { BenefitForm } from "./form";
import { BENEFIT_TYPE_LABELS } from "./logic";

const BACK = { path: "/benefits", label: "Benefits" };

export function NewBenefitPage() {
  return (
    <NewRecordPage back={BACK} title="New benefit">
      <BenefitForm />
    </NewRecordPage>
  );
}

export function EditBenefitPage({ id }: { id: string }) {
  return (
    <EditRecordPage
      back={BACK}
      query={benefits.useOne(id)}
      what="Benefit"
      title={(benefit) => benefit.description}
      summary={(benefit) =>
        `${BENEFIT_TYPE_LABELS[benefit.type]} benefit · created ${formatDateTime(benefit.created_at)}`
      }
      remove={{
        hooks: benefits,
        explain: "Only a benefit no product uses and no customer was granted can be deleted.",
      }}
    >
      {(benefit) => <BenefitForm key={benefit.id} benefit={benefit} />}
    </EditRecordPage>
  );
}
