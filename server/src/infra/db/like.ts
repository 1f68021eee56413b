/** `%text%` for (I)LIKE, with the text's own wildcards and escape taken literally. */
export const containingPattern = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;
