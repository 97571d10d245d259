import type { EmbeddedAuthStep } from '#libs/connectors';

/**
 * The values of a posted embedded form for the step's fields (only those the bank asked for),
 * and the names of the fields left empty.
 */
export function embeddedFormValues(
  step: EmbeddedAuthStep,
  posted: Readonly<Record<string, string>>,
): { readonly values: Readonly<Record<string, string>>; readonly missing: readonly string[] } {
  const values: Record<string, string> = {};
  for (const field of step.fields) values[field.id] = posted[field.id] ?? '';
  const missing = step.fields.filter((field) => values[field.id]?.trim() === '').map((field) => field.displayName);
  return { values, missing };
}
