import type { ServerMessageKey } from '@mouldwatch/shared';
import { isUniqueViolation } from '../../infra/db/sql-errors.js';
import { conflict } from '../../infra/http/errors.js';

/** Runs a write whose name the database keeps unique; a taken name answers 409 with `takenKey`. */
export async function withUniqueName<T>(takenKey: ServerMessageKey, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(takenKey);
    throw error;
  }
}
