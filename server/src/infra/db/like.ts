/** `%text%` for (I)LIKE, with the text's own wildcards and escape taken literally. */
export const containing = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;
