/**
 * Bad requests for every operation of the served OpenAPI document, each one bad in one place while
 * the rest of the request is as valid as the schema lets us guess, so the bad part is what reaches
 * the route. Every parameter and field gets a NUL byte and a few values drawn from the pools below
 * by a generator seeded with the operation's name: the same cases on every run, and different
 * operations try different values.
 */

interface JsonSchema {
  type?: string;
  enum?: unknown[];
  default?: unknown;
  anyOf?: JsonSchema[];
  minimum?: number;
  exclusiveMinimum?: boolean | number;
  minLength?: number;
  minItems?: number;
  pattern?: string;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
}

interface Parameter {
  in: 'path' | 'query' | 'header';
  name: string;
  required?: boolean;
  schema?: JsonSchema;
}

interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
}

export interface FuzzCase {
  /** Operation and what is bad, for the failure report. */
  label: string;
  method: string;
  url: string;
  /** A JSON value, or raw text when `contentType` is set. */
  payload?: unknown;
  contentType?: string;
}

const NUL = ['a\u0000b', '\u0000'] as const;
const TEXT = [
  '',
  ' ',
  'x'.repeat(2000),
  'x'.repeat(10_000),
  '\uD800',
  '😀😀😀',
  "' OR 1=1 --",
  '../../etc/passwd',
  '%',
  '<script>',
];
const NUMERIC_TEXT = [
  '-1',
  '0',
  '1.5',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e309',
  '2147483648',
  '9007199254740993',
  '99999999999999999999999',
  '0x10',
  '-0',
];
/** What a JSON field can be besides text. */
const JSON_VALUES: unknown[] = [
  -1,
  0,
  1.5,
  2147483648,
  -2147483649,
  2 ** 53 + 2,
  1e308,
  -1e308,
  true,
  null,
  [],
  {},
  [1, 2],
  { a: 1 },
  ['a\u0000b'],
];
const DEEP = 100_000;
/** Whole bodies: wrong types, malformed or hostile JSON, another media type. */
const MALFORMED_JSON = { what: 'malformed JSON', text: '{"a":', contentType: 'application/json' };
const RAW_BODIES: { what: string; text: string; contentType: string }[] = [
  ...['null', 'true', '1', '"text"', '[]', '[{}]', '"a\\u0000b"'].map((text) => ({
    what: `body ${text}`,
    text,
    contentType: 'application/json',
  })),
  { what: 'not JSON', text: 'nul', contentType: 'application/json' },
  { what: 'an empty JSON body', text: '', contentType: 'application/json' },
  { what: `${DEEP} nested arrays`, text: '['.repeat(DEEP) + ']'.repeat(DEEP), contentType: 'application/json' },
  { what: 'a __proto__ key', text: '{"__proto__": {"admin": true}}', contentType: 'application/json' },
  {
    what: 'a constructor.prototype key',
    text: '{"constructor": {"prototype": {"admin": true}}}',
    contentType: 'application/json',
  },
  { what: 'a NUL key', text: '{"a\\u0000": 1}', contentType: 'application/json' },
  { what: 'text/plain', text: 'hello', contentType: 'text/plain' },
  { what: 'a form', text: 'a=1', contentType: 'application/x-www-form-urlencoded' },
];

/** mulberry32: a small seeded generator, so that the picks are the same on every run. */
function seededRandom(seed: string): () => number {
  let state = [...seed].reduce((hash, char) => Math.imul(hash ^ char.charCodeAt(0), 2654435761), 1779033703) >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `count` different values of `pool`, drawn by `random`. */
function pick<T>(pool: readonly T[], count: number, random: () => number): T[] {
  const rest = [...pool];
  const picked: T[] = [];
  while (picked.length < count && rest.length > 0) picked.push(...rest.splice(Math.floor(random() * rest.length), 1));
  return picked;
}

/** What a path or query parameter is tried with: a NUL byte and some text of the pools. */
const parameterValues = (random: () => number) => [NUL[0], ...pick([NUL[1], ...TEXT, ...NUMERIC_TEXT], 5, random)];

/** A value the schema accepts, as far as it can be told from the schema alone. */
export function sampleOf(schema: JsonSchema | undefined): unknown {
  if (!schema) return 'x';
  if (schema.default !== undefined) return schema.default;
  if (schema.enum?.length) return schema.enum[0];
  if (schema.anyOf?.length) return sampleOf(schema.anyOf[0]);
  switch (schema.type) {
    case 'integer':
    case 'number': {
      const minimum = schema.minimum ?? 1;
      return schema.exclusiveMinimum === true ? minimum + 1 : minimum;
    }
    case 'boolean':
      return true;
    case 'array':
      return Array.from({ length: Math.max(schema.minItems ?? 0, 1) }, () => sampleOf(schema.items));
    case 'object':
      return Object.fromEntries((schema.required ?? []).map((name) => [name, sampleOf(schema.properties?.[name])]));
    default:
      if (schema.pattern?.includes('@')) return 'fuzz@example.com';
      return 'x'.repeat(Math.max(schema.minLength ?? 0, 3));
  }
}

/** A lone surrogate has no UTF-8 form: a byte that is not UTF-8 stands for it in a URL. */
function encode(value: unknown): string {
  try {
    return encodeURIComponent(String(value));
  } catch {
    return '%FF';
  }
}

function urlOf(path: string, params: Record<string, unknown>, query: Record<string, unknown>): string {
  const filled = path.replace(/\{(\w+)\}/g, (_, name: string) => encode(params[name]));
  const search = Object.entries(query)
    .flatMap(([name, value]) => (Array.isArray(value) ? value : [value]).map((item) => `${name}=${encode(item)}`))
    .join('&');
  return search ? `${filled}?${search}` : filled;
}

/**
 * Every case of one operation. `pathSample` gives a path parameter's valid value (an id that
 * exists), else the schema's sample is used.
 */
function casesOf(
  path: string,
  method: string,
  operation: Operation,
  pathSample: (path: string, name: string) => unknown,
): FuzzCase[] {
  const name = `${method.toUpperCase()} ${path}`;
  const parameters = operation.parameters ?? [];
  const pathParams = parameters.filter((parameter) => parameter.in === 'path');
  const queryParams = parameters.filter((parameter) => parameter.in === 'query');
  const params = Object.fromEntries(
    pathParams.map((parameter) => [parameter.name, pathSample(path, parameter.name) ?? sampleOf(parameter.schema)]),
  );
  const query = Object.fromEntries(
    queryParams
      .filter((parameter) => parameter.required)
      .map((parameter) => [parameter.name, sampleOf(parameter.schema)]),
  );
  const bodySchema = operation.requestBody?.content?.['application/json']?.schema;
  const body = bodySchema ? sampleOf(bodySchema) : undefined;
  const base = { method: method.toUpperCase(), url: urlOf(path, params, query), payload: body };
  const cases: FuzzCase[] = [{ ...base, label: `${name} as valid as can be guessed` }];
  const random = seededRandom(name);

  for (const parameter of pathParams) {
    for (const value of [...parameterValues(random), 'x'.repeat(3000)]) {
      cases.push({
        ...base,
        label: `${name} path ${parameter.name}=${JSON.stringify(value).slice(0, 40)}`,
        url: urlOf(path, { ...params, [parameter.name]: value }, query),
      });
    }
  }
  for (const parameter of queryParams) {
    for (const value of [...parameterValues(random), ['1', '2']]) {
      cases.push({
        ...base,
        label: `${name} query ${parameter.name}=${JSON.stringify(value).slice(0, 40)}`,
        url: urlOf(path, params, { ...query, [parameter.name]: value }),
      });
    }
  }
  const separator = base.url.includes('?') ? '&' : '?';
  cases.push({ ...base, label: `${name} an undeclared query parameter`, url: `${base.url}${separator}zz=%00` });

  if (method === 'get') return cases;
  const fields = Object.keys(bodySchema?.properties ?? {});
  const object = body !== null && typeof body === 'object' && !Array.isArray(body) ? body : {};
  for (const field of fields) {
    for (const value of [NUL[0], ...pick([NUL[1], ...TEXT, ...NUMERIC_TEXT, ...JSON_VALUES], 7, random)]) {
      cases.push({
        ...base,
        label: `${name} body ${field}=${JSON.stringify(value).slice(0, 40)}`,
        payload: { ...object, [field]: value },
      });
    }
    const { [field]: _left, ...without } = object as Record<string, unknown>;
    cases.push({ ...base, label: `${name} body without ${field}`, payload: without });
  }
  cases.push({ ...base, label: `${name} body with an extra field`, payload: { ...object, zz: 'a\u0000b', extra: 1 } });
  for (const raw of [MALFORMED_JSON, ...pick(RAW_BODIES, 6, random)]) {
    cases.push({ ...base, label: `${name} ${raw.what}`, payload: raw.text, contentType: raw.contentType });
  }
  return cases;
}

/** Every case of every operation of the document, in the document's order. */
export function fuzzCases(
  document: OpenApiDocument,
  pathSample: (path: string, name: string) => unknown = () => undefined,
): FuzzCase[] {
  return Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations).flatMap(([method, operation]) => casesOf(path, method, operation, pathSample)),
  );
}
