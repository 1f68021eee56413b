/** The SQLSTATE of a database error (PostgreSQL and PGlite both carry it as `code`). */
const sqlStateOf = (error: unknown) => (error instanceof Error ? (error as { code?: unknown }).code : undefined);

/** A unique index refused the row: the name (or key) is taken. */
export const isUniqueViolation = (error: unknown) => sqlStateOf(error) === '23505';

/** A foreign key refused the row: what it points at is gone (deleted meanwhile). */
export const isForeignKeyViolation = (error: unknown) => sqlStateOf(error) === '23503';
