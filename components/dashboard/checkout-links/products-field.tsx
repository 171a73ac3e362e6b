"use client";
// The link's products, offered at checkout in the order ticked (shown as a numbered list). A
// product the organization's list does not show (past the first 100) stays choosable by name.
import { CheckboxPicker, FieldSet } from "../forms/field-set";
import { controlId, type FormErrorsState } from "../forms/use-form-errors";
import { useProducts, type Product } from "../hooks/reference";
import { useOrganization } from "../organization";

type Props = {
  formId: string;
  errors: FormErrorsState;
  value: string[];
  /** The saved link's products, named even when the list does not hold them. */
  known: readonly Pick<Product, "id" | "name">[];
  onChange: (products: string[]) => void;
};

export function CheckoutLinkProductsField({ formId, errors, value, known, onChange }: Props) {
  const products = useProducts(useOrganization().id);
  const id = controlId(formId, "products");
  const listed = products.data?.items ?? [];
  const choices = [...listed, ...known.filter((product) => !listed.some((item) => item.id === product.id))];
  const nameOf = (productId: string) => choices.find((item) => item.id === productId)?.name ?? productId;
  return (
    <FieldSet
      id={id}
      legend="Products"
      hint={
        value.length
          ? `Offered in this order: ${value.map(nameOf).join(", ")}.`
          : "Tick one or more; the checkout offers them in the order ticked."
      }
      error={errors.field("products")}
    >
      <CheckboxPicker
        id={id}
        noun="products"
        list={products}
        items={choices}
        empty="No products yet."
        value={value}
        onChange={onChange}
        label={(product) => (
          <>
            <span className="truncate">{product.name}</span>
            {"is_archived" in product && product.is_archived ? (
              <span className="text-xs text-zinc-500">(archived)</span>
            ) : null}
          </>
        )}
      />
    </FieldSet>
  );
}
