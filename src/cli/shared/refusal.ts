// The service's refusals of a write, with the CLI's own hint: the service's hint names the REST
// field to set (`active` false, an `amends_id`), the CLI's the command that does it.
import { ApiError } from '../../core/api-error.js';

/** A refusal: its HTTP status and the error code the service sends with it. */
export interface Refusal {
  status: number;
  code: string;
}

/** `write`'s result; if the service answers `refusal`, its error with `hint` instead of the service's. */
export async function hintOnRefusal<T>(write: Promise<T>, refusal: Refusal, hint: string): Promise<T> {
  try {
    return await write;
  } catch (err) {
    if (err instanceof ApiError && err.status === refusal.status && err.code === refusal.code) {
      throw new ApiError(err.status, err.code, err.message, err.details, hint);
    }
    throw err;
  }
}
