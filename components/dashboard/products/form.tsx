"use client";
// The product form, for creating (then setting its benefits: the create body has none) and editing
// (one-time vs recurring fixed; existing prices kept or archived, never changed). Problems found
// here or answered by the API show on their field, `prices.i.price_amount` on row i's Amount.
import { useState } from "react";
import { useRouter } from "next/navigation";
import { FormActions, FormErrorSummary, FormField } from "../forms/form-parts";
import { MetadataEditor } from "../forms/metadata-editor";
import { useFormErrors } from "../forms/use-form-errors";
import { products, useSetProductBenefits, type ProductResource } from "../hooks/products";
import { useOrganization, useOrgPath } from "../organization";
import { inputClass } from "../ui/field";
import { Card } from "../ui/misc";
import { useToast } from "../ui/toast";
import { BenefitsField, CustomFieldsField } from "./catalog-fields";
import {
  benefitsChanged,
  EMPTY_PRODUCT_FORM,
  formFromProduct,
  PRODUCT_FIELDS,
  productBody,
  productPatch,
  type ProductForm as Values,
} from "./logic";
import { MediaField } from "./media-field";
import { PricesEditor } from "./prices-editor";

const FORM_ID = "product";

export function ProductForm({ product }: { product?: ProductResource }) {
  const organization = useOrganization();
  const orgPath = useOrgPath();
  const router = useRouter();
  const notify = useToast();
  const create = products.useCreate();
  const update = products.useUpdate(product?.id ?? "");
  const setBenefits = useSetProductBenefits();
  const errors = useFormErrors(FORM_ID, { fields: PRODUCT_FIELDS });
  const [values, setValues] = useState<Values>(() =>
    product ? formFromProduct(product) : EMPTY_PRODUCT_FORM(),
  );
  const [busy, setBusy] = useState(false);
  const set = <K extends keyof Values>(key: K, value: Values[K]) =>
    setValues((current) => ({ ...current, [key]: value }));
  const editing = product !== undefined;
  const control = (name: string) => ({ ...errors.control(name), className: inputClass });

  const createProduct = async () => {
    const built = productBody(values);
    if (Object.keys(built.errors).length) return errors.show({ fields: built.errors, form: [] });
    errors.clear();
    const created = await create.mutateAsync({ ...built.body, organization_id: organization.id });
    if (values.benefits.length) {
      try {
        await setBenefits.mutateAsync({ id: created.id, benefits: values.benefits });
      } catch (failure) {
        notify(`Product created, but its benefits were not set: ${(failure as Error).message}`, "error");
      }
    }
    notify("Product created");
    router.push(orgPath(`/products/${created.id}`));
  };

  const saveProduct = async (current: ProductResource) => {
    const patch = productPatch(values, current);
    if (Object.keys(patch.errors).length) return errors.show({ fields: patch.errors, form: [] });
    errors.clear();
    let saved = current;
    if (Object.keys(patch.body).length) saved = await update.mutateAsync(patch.body);
    if (benefitsChanged(values, current))
      saved = await setBenefits.mutateAsync({ id: current.id, benefits: values.benefits });
    setValues(formFromProduct(saved));
    notify("Product saved");
  };

  const submit = async () => {
    setBusy(true);
    try {
      await (product ? saveProduct(product) : createProduct());
    } catch (failure) {
      errors.fromError(failure);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      noValidate
      className="space-y-6"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <FormErrorSummary messages={errors.errors.form} />
      <Card title="Product">
        <div className="grid gap-4">
          <FormField errors={errors} formId={FORM_ID} name="name" label="Name">
            <input
              {...control("name")}
              maxLength={255}
              value={values.name}
              onChange={(e) => set("name", e.target.value)}
            />
          </FormField>
          <FormField errors={errors} formId={FORM_ID} name="description" label="Description">
            <textarea
              {...control("description")}
              rows={4}
              maxLength={10_000}
              value={values.description}
              onChange={(e) => set("description", e.target.value)}
            />
          </FormField>
          <fieldset>
            <legend className="mb-1 text-xs font-medium text-zinc-600 dark:text-zinc-300">Pricing</legend>
            <div className="flex gap-4 text-sm">
              {[
                { recurring: false, label: "One-time purchase" },
                { recurring: true, label: "Subscription" },
              ].map((option) => (
                <label key={option.label} className="flex items-center gap-2">
                  <input
                    type="radio"
                    name={`${FORM_ID}-is_recurring`}
                    id={option.recurring ? undefined : errors.control("is_recurring").id}
                    disabled={editing}
                    checked={values.is_recurring === option.recurring}
                    onChange={() => set("is_recurring", option.recurring)}
                  />
                  {option.label}
                </label>
              ))}
            </div>
            <p className="mt-1 text-xs text-zinc-500 dark:text-zinc-400">
              {editing
                ? "Fixed when the product was created."
                : "Can't be changed once the product is created."}
            </p>
            {errors.field("is_recurring") ? (
              <p className="mt-1 text-xs text-red-600">{errors.field("is_recurring")}</p>
            ) : null}
          </fieldset>
        </div>
      </Card>
      <Card title="Prices">
        <PricesEditor
          formId={FORM_ID}
          errors={errors}
          isRecurring={values.is_recurring}
          rows={values.prices}
          archived={values.archived}
          onChange={(prices, archived) => setValues((current) => ({ ...current, prices, archived }))}
        />
      </Card>
      <Card title="Checkout">
        <div className="grid gap-6 lg:grid-cols-2">
          <BenefitsField
            formId={FORM_ID}
            errors={errors}
            value={values.benefits}
            onChange={(ids) => set("benefits", ids)}
          />
          <CustomFieldsField
            formId={FORM_ID}
            errors={errors}
            value={values.attached_custom_fields}
            onChange={(rows) => set("attached_custom_fields", rows)}
          />
        </div>
      </Card>
      <Card>
        <MediaField
          formId={FORM_ID}
          errors={errors}
          value={values.medias}
          onChange={(medias) => set("medias", medias)}
        />
      </Card>
      <Card>
        <MetadataEditor
          formId={FORM_ID}
          errors={errors}
          rows={values.metadata}
          onChange={(rows) => set("metadata", rows)}
        />
      </Card>
      <FormActions
        busy={busy}
        submitLabel={editing ? "Save" : "Create product"}
        onCancel={() => router.push(orgPath("/products"))}
      />
    </form>
  );
}
