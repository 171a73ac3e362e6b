// A product's ordered links to other resources of its organization: medias, attached custom fields
// and benefits. An id given in a body must name a resource of the product's organization, once; one
// of another organization is reported exactly like a missing one (422 at its place in the list), so
// ids cannot be probed. Setting a list replaces it, keeping the order given.
import type { Tx } from "../db/client";
import type { Problem } from "../core/errors";
import type { AttachedCustomFieldInput } from "./schemas";

type Loc = Problem["loc"];

/** Each id that is repeated or not in `known`, at its own place. */
function idProblems(ids: string[], known: Set<string>, locOf: (index: number) => Loc, noun: string) {
  const seen = new Set<string>();
  return ids.flatMap((id, index): Problem[] => {
    const repeated = seen.has(id);
    seen.add(id);
    if (!known.has(id))
      return [{ type: "value_error", loc: locOf(index), msg: `${noun} not found.`, input: id }];
    if (repeated)
      return [{ type: "value_error", loc: locOf(index), msg: `Duplicate ${noun.toLowerCase()}.`, input: id }];
    return [];
  });
}

const idSet = (rows: { id: string }[]) => new Set(rows.map((row) => row.id));

/** Medias must be the organization's uploaded product medias (what POST /v1/files/ makes). */
export async function mediaProblems(tx: Tx, organizationId: string, ids: string[] | null | undefined) {
  if (!ids?.length) return [];
  const found = await tx.media.findMany({
    where: { id: { in: ids }, organization_id: organizationId, service: "product_media", is_uploaded: true },
    select: { id: true },
  });
  return idProblems(ids, idSet(found), (index) => ["body", "medias", index], "Media");
}

export async function customFieldProblems(
  tx: Tx,
  organizationId: string,
  attached: AttachedCustomFieldInput[] | null | undefined,
) {
  if (!attached?.length) return [];
  const ids = attached.map((item) => item.custom_field_id);
  const found = await tx.customField.findMany({
    where: { id: { in: ids }, organization_id: organizationId },
    select: { id: true },
  });
  return idProblems(
    ids,
    idSet(found),
    (index) => ["body", "attached_custom_fields", index, "custom_field_id"],
    "Custom field",
  );
}

export async function benefitProblems(tx: Tx, organizationId: string, ids: string[]) {
  if (!ids.length) return [];
  const found = await tx.benefit.findMany({
    where: { id: { in: ids }, organization_id: organizationId },
    select: { id: true },
  });
  return idProblems(ids, idSet(found), (index) => ["body", "benefits", index], "Benefit");
}

export async function setMedias(tx: Tx, productId: string, ids: string[]) {
  await tx.productMedia.deleteMany({ where: { product_id: productId } });
  await tx.productMedia.createMany({
    data: ids.map((media_id, order) => ({ product_id: productId, media_id, order })),
  });
}

export async function setAttachedCustomFields(
  tx: Tx,
  productId: string,
  attached: AttachedCustomFieldInput[],
) {
  await tx.attachedCustomField.deleteMany({ where: { product_id: productId } });
  await tx.attachedCustomField.createMany({
    data: attached.map(({ custom_field_id, required }, order) => ({
      product_id: productId,
      custom_field_id,
      required,
      order,
    })),
  });
}

export async function setBenefits(tx: Tx, productId: string, ids: string[]) {
  await tx.productBenefit.deleteMany({ where: { product_id: productId } });
  await tx.productBenefit.createMany({
    data: ids.map((benefit_id, order) => ({ product_id: productId, benefit_id, order })),
  });
}
