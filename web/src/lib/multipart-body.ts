import type { CallContract } from '@shared/contracts/define-call';
import { ApiError } from './api-error';
import { filePartProblem, MISSING_FILE_MESSAGE } from './file-part-check';

/** The files of a multipart call, by the part names of `contract.files`; absent or null means "no file". */
export type FileParts = Readonly<Record<string, Blob | null | undefined>>;

type TextValue = string | number | boolean;

function isTextValue(value: unknown): value is TextValue {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
}

function appendTextFields(form: FormData, request: unknown): void {
  if (typeof request !== 'object' || request === null) return;
  for (const [name, value] of Object.entries(request)) {
    const values: unknown[] = Array.isArray(value) ? value : [value];
    for (const item of values) {
      if (isTextValue(item)) form.append(name, String(item));
    }
  }
}

function invalidFile(path: string, message: string): ApiError {
  return new ApiError(message, { code: 'VALIDATION_FAILED', httpStatus: null, details: [{ path, message }] });
}

function appendFileParts(form: FormData, contract: CallContract, files: FileParts): void {
  for (const name of Object.keys(files)) {
    if (!(name in contract.files)) throw new Error(`${contract.operationId} has no file part '${name}'`);
  }
  for (const [name, part] of Object.entries(contract.files)) {
    const file = files[name];
    if (!file) {
      if (part.required) throw invalidFile(name, MISSING_FILE_MESSAGE);
      continue;
    }
    const problem = filePartProblem(part, file);
    if (problem) throw invalidFile(name, problem);
    form.append(name, file, file instanceof File ? file.name : name);
  }
}

/**
 * The body of a multipart call: the validated text fields of `contract.request` and the file parts of
 * `contract.files`, each checked against its part's types and size first. No Content-Type is set, so
 * the browser adds the multipart boundary itself.
 */
export function multipartBody(contract: CallContract, request: unknown, files: FileParts): FormData {
  const form = new FormData();
  appendTextFields(form, request);
  appendFileParts(form, contract, files);
  return form;
}
