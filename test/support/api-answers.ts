import { expect } from 'vitest';
import * as z from 'zod';
import { errorEnvelopeSchema, successEnvelope } from '../../shared/contracts/envelope';
import type { ApiAnswer } from './gateway';

/** The `data` of a success envelope, read with the call's contract, after checking the status (200 unless named). */
export function dataOf<T extends z.ZodType>(answer: ApiAnswer, schema: T, status = 200): z.infer<T> {
  expect(answer.status, answer.text).toBe(status);
  return schema.parse(successEnvelope(z.unknown()).parse(answer.body).data);
}

/** Checks an error answer's status (and message, when named) in the spec's error envelope; answers its `error`. */
export function expectError(answer: ApiAnswer, status: number, message?: string) {
  expect(answer.status, answer.text).toBe(status);
  const envelope = errorEnvelopeSchema.parse(answer.body);
  if (message !== undefined) expect(envelope.error.message).toBe(message);
  return envelope.error;
}
