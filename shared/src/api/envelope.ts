/** Body codes of the response envelope (DESIGN §5). HTTP status and body code travel together. */
export const ResponseCode = {
  ok: 200,
  invalid: 400,
  refused: 4000,
  unauthenticated: 5000,
  forbidden: 6000,
} as const;
export type ResponseCode = (typeof ResponseCode)[keyof typeof ResponseCode];

export interface Envelope<T> {
  code: ResponseCode;
  msg: string;
  data: T;
  /** Present on paged lists. */
  total?: number;
  /** On lists whose count stops at a cap: true when more rows match than `total` says (the console shows "10,000+"). */
  more?: boolean;
  /** A numbered message key of the spec (e.g. "20287"), when the message is one. */
  key?: string;
}

export interface Page<T> {
  items: T[];
  total: number;
  /** `total` is a lower bound (a capped count): more rows match. */
  more?: boolean;
}
