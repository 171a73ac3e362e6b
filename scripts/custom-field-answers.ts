// An answer of its type for every custom field attached to a checkout session, so that required
// ones are satisfied: what the demo purchase and the confirm benchmark send as custom_field_data.

export type AttachedCustomFields = {
  custom_field: { slug: string; type: string; properties?: { options?: { value: string }[] } };
}[];

export function sampleCustomFieldAnswers(
  attached: AttachedCustomFields | undefined,
  text: string,
): Record<string, unknown> {
  const answers: Record<string, unknown> = {};
  for (const { custom_field: field } of attached ?? []) {
    answers[field.slug] =
      field.type === "number"
        ? 1
        : field.type === "checkbox"
          ? true
          : field.type === "date"
            ? "2026-01-01"
            : field.type === "select"
              ? field.properties?.options?.[0]?.value
              : text;
  }
  return answers;
}
