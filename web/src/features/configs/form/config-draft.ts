import { MASKED_SECRET } from '@shared/contracts/config-groups/config-group';
import { CONFIG_GROUP_DEFINITIONS, type ConfigGroupView } from '@shared/contracts/panel-configs';
import { ApiError } from '@/lib/api-error';
import { fieldErrorsFromDetails, fieldErrorsOf, type FieldErrors } from '@/lib/field-errors';

/** A group's values while they are edited: what the API answered, with each secret as the mask (one is stored) or '' (none). */
export type ConfigDraft = Readonly<Record<string, unknown>>;

/** The draft a form starts from: the answered fields (or the defaults) with the secrets put as the form sends them back. */
export function draftOf(view: ConfigGroupView): ConfigDraft {
  const secrets = CONFIG_GROUP_DEFINITIONS[view.config_type].secretFields;
  return {
    ...(view.config ?? {}),
    ...Object.fromEntries(secrets.map((field) => [field, view.secrets_set[field] ? MASKED_SECRET : ''])),
  };
}

export const sameDraft = (a: ConfigDraft, b: ConfigDraft): boolean => JSON.stringify(a) === JSON.stringify(b);

/** The group's own schema (from the contract) over the draft: one message per field, `{}` when it may be sent. */
export const draftErrors = (group: ConfigGroupView['config_type'], draft: ConfigDraft): FieldErrors =>
  fieldErrorsOf(CONFIG_GROUP_DEFINITIONS[group].fields, draft);

/** A failed save's issues by field: the API names them `config.<field>` (VALIDATION_FAILED); `{}` for any other failure. */
export function fieldErrorsOfSave(error: unknown): FieldErrors {
  if (!(error instanceof ApiError)) return {};
  return fieldErrorsFromDetails(error.details.map((issue) => ({ ...issue, path: issue.path.replace(/^config\./, '') })));
}

/**
 * A number typed in a field: blank → undefined (the schema says it is missing), digits with at most one
 * point → the number, anything else → NaN (the schema rejects it).
 */
export function numberOfText(text: string): number | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  return /^\d*\.?\d*$/.test(trimmed) && trimmed !== '.' ? Number(trimmed) : Number.NaN;
}

/** How a stored number is shown in its field. */
export const textOfNumber = (value: unknown): string => (typeof value === 'number' && Number.isFinite(value) ? String(value) : '');
