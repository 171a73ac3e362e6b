"use client";
// The product form, for creating (then setting its benefits: the create body has none) and editing
// (one-time vs recurring fixed; existing prices kept or archived, never changed). Problems found
// here or answered by the API show on their field, `prices.i.price_amount` on row i's Amount.
import { useRouter } from "next/navigation";
import { MetadataCard, TextAreaField, TextField } from "../forms/form-fields";
import { RecordFormFrame } from "../forms/form-parts";
import { useRecordForm } from "../forms/use-record-form";
import { products, useSetProductBenefits, type CreateProduct, type ProductResource } from "../hooks/catalog";
import { useOrganization, useOrgPath } from "../organization";
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
import { RecurringChoice } from "./recurring-choice";
import { TrialField } from "./trial-field";

/** What one save sends: the product's body, and its benefits when they are to be set. */
type Save = { body: object; benefits: string[] | null };

export function ProductForm({ product }: { product?: ProductResource }) {
  const organization = useOrganization();
  const orgPath = useOrgPath();
  const router = useRouter();
  const notify = useToast();
  const create = products.useCreate();
  const update = products.useUpdate(product?.id ?? "");
  const setBenefits = useSetProductBenefits();

  const createProduct = async ({ body, benefits }: Save) => {
    const created = await create.mutateAsync({
      ...(body as CreateProduct),
      organization_id: organization.id,
    });
    if (benefits?.length) {
      try {
        await setBenefits.mutateAsync({ id: created.id, benefits });
      } catch (failure) {
        notify(`Product created, but its benefits were not set: ${(failure as Error).message}`, "error");
      }
    }
    return created;
  };
  const saveProduct = async (current: ProductResource, { body, benefits }: Save) => {
    let saved = current;
    if (Object.keys(body).length) saved = await update.mutateAsync(body);
    if (benefits) saved = await setBenefits.mutateAsync({ id: current.id, benefits });
    return saved;
  };

  const form = useRecordForm<Values, Save, ProductResource>({
    id: "product",
    fields: PRODUCT_FIELDS,
    initial: () => (product ? formFromProduct(product) : EMPTY_PRODUCT_FORM()),
    build: (values) => {
      const built = product ? productPatch(values, product) : productBody(values);
      const benefits = benefitsChanged(values, product) ? values.benefits : null;
      return { body: { body: built.body, benefits }, errors: built.errors };
    },
    save: (save) => (product ? saveProduct(product, save) : createProduct(save)),
    onSaved: (saved) => {
      if (!product) {
        notify("Product created");
        return router.push(orgPath(`/products/${saved.id}`));
      }
      form.reset(formFromProduct(saved));
      notify("Product saved");
    },
  });
  const { values } = form;
  const common = { formId: form.id, errors: form.errors };

  return (
    <RecordFormFrame
      form={form}
      submitLabel={product ? "Save" : "Create product"}
      onCancel={() => router.push(orgPath("/products"))}
    >
      <Card title="Product">
        <div className="grid gap-4">
          <TextField name="name" label="Name" maxLength={255} />
          <TextAreaField name="description" label="Description" rows={4} maxLength={10_000} />
          <RecurringChoice
            {...common}
            editing={product !== undefined}
            value={values.is_recurring}
            onChange={(recurring) => form.set("is_recurring", recurring)}
          />
          {values.is_recurring ? <TrialField unit={values.trial_interval} /> : null}
        </div>
      </Card>
      <Card title="Prices">
        <PricesEditor
          {...common}
          isRecurring={values.is_recurring}
          rows={values.prices}
          archived={values.archived}
          onChange={(prices, archived, field = "prices") =>
            form.change((current) => ({ ...current, prices, archived }), field)
          }
        />
      </Card>
      <Card title="Checkout">
        <div className="grid gap-6 lg:grid-cols-2">
          <BenefitsField {...common} value={values.benefits} onChange={(ids) => form.set("benefits", ids)} />
          <CustomFieldsField
            {...common}
            value={values.attached_custom_fields}
            onChange={(rows) => form.set("attached_custom_fields", rows)}
          />
        </div>
      </Card>
      <Card>
        <MediaField {...common} value={values.medias} onChange={(medias) => form.set("medias", medias)} />
      </Card>
      <MetadataCard />
    </RecordFormFrame>
  );
}
