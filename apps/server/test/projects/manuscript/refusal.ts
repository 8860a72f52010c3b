import { expect } from 'vitest';
import { AppError } from '../../../src/http/errors.js';

/** The AppError a reader refused with; fails the test when it did not refuse, or refused otherwise. */
export async function refusal(attempt: Promise<unknown> | (() => unknown)): Promise<AppError> {
  let error: unknown = null;
  try {
    await (typeof attempt === 'function' ? attempt() : attempt);
  } catch (caught) {
    error = caught;
  }
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}
