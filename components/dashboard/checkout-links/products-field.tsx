"use client";
// The link's products, offered at checkout in the order ticked (shown as a numbered list). A
// product the organization's list does not show (past the first 100) stays choosable by name.
import { useProducts, type Product } from "../hooks/reference";
import { useOrganization } from "../organization";
import { controlId, type FormErrorsState } from "../forms/use-form-errors";

type Props = {
  formId: string;
  errors: FormErrorsState;
  value: string[];
  /** The saved link's products, named even when the list does not hold them. */
  known: readonly Pick<Product, "id" | "name">[];
  onChange: (products: string[]) => void;
};

export function CheckoutLinkProductsField({ formId, errors, value, known, onChange }: Props) {
  const organization = useOrganization();
  const products = useProducts(organization.id);
  const id = controlId(formId, "products");
  const error = errors.field("products");
  const listed = products.data?.items ?? [];
  const choices = [...listed, ...known.filter((product) => !listed.some((item) => item.id === product.id))];
  const nameOf = (productId: string) => choices.find((item) => item.id === productId)?.name ?? productId;
  return (
    <fieldset aria-describedby={error ? `${id}-error` : `${id}-hint`}>
      <legend className="mb-1 text-xs font-medium text-zinc-600 dark:text-zinc-300">Products</legend>
      <p id={`${id}-hint`} className="mb-2 text-xs text-zinc-500 dark:text-zinc-400">
        {value.length
          ? `Offered in this order: ${value.map(nameOf).join(", ")}.`
          : "Tick one or more; the checkout offers them in the order ticked."}
      </p>
      {products.isPending ? (
        <p className="text-sm text-zinc-500">Loading products…</p>
      ) : products.isError ? (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          Could not load products: {products.error.message}
        </p>
      ) : choices.length === 0 ? (
        <p className="text-sm text-zinc-500">No products yet.</p>
      ) : (
        <div className="grid max-h-56 gap-1 overflow-y-auto sm:grid-cols-2">
          {choices.map((product, index) => (
            <label key={product.id} className="flex items-center gap-2 text-sm">
              <input
                id={index === 0 ? id : undefined}
                type="checkbox"
                checked={value.includes(product.id)}
                onChange={(event) =>
                  onChange(
                    event.target.checked
                      ? [...value, product.id]
                      : value.filter((productId) => productId !== product.id),
                  )
                }
              />
              <span className="truncate">{product.name}</span>
              {"is_archived" in product && product.is_archived ? (
                <span className="text-xs text-zinc-500">(archived)</span>
              ) : null}
            </label>
          ))}
        </div>
      )}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-xs text-red-600 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
