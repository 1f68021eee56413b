/** JSON text of a value of type T, as the database built it, passed on without parsing. */
export type JsonText<T> = string & { readonly __shape?: T };
