"use client";
// Which products a discount applies to: none ticked means every product.
import { CheckboxPicker, FieldSet } from "../forms/field-set";
import { controlId, type FormErrorsState } from "../forms/use-form-errors";
import { useProducts } from "../hooks/reference";
import { useOrganization } from "../organization";

export function DiscountProductsField(props: {
  formId: string;
  errors: FormErrorsState;
  value: string[];
  onChange: (products: string[]) => void;
}) {
  const products = useProducts(useOrganization().id);
  const id = controlId(props.formId, "products");
  return (
    <FieldSet
      id={id}
      className="mt-4"
      legend="Products"
      hint="Tick none to apply the discount to every product."
      error={props.errors.field("products")}
    >
      <CheckboxPicker
        id={id}
        noun="products"
        list={products}
        items={products.data?.items ?? []}
        empty="No products yet."
        value={props.value}
        onChange={props.onChange}
        label={(product) => (
          <>
            <span className="truncate">{product.name}</span>
            {product.is_archived ? <span className="text-xs text-zinc-500">(archived)</span> : null}
          </>
        )}
      />
    </FieldSet>
  );
}
