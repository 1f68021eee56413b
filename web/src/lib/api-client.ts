import { ResponseCode, type Envelope } from '@mouldwatch/shared';
import type { FetchJson, JsonAnswer } from './off-main/fetchOffMain';
import { parseJson } from './off-main/parseJson';

/**
 * The HTTP client of the console (DESIGN §5, spec §7 and §8), independent of the browser so it can be
 * tested against a real server. `api.ts` wires it to the cookie, the store, i18n and the toasts.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type QueryScalar = string | number | boolean | null | undefined;
export type Query = Record<string, QueryScalar | readonly QueryScalar[]>;

export interface RequestOptions {
  query?: Query;
  /** Sent as JSON; a FormData goes as multipart (file uploads). */
  body?: unknown;
  /** Aborts the request (react-query passes one); the promise then rejects with RequestCanceledError. */
  signal?: AbortSignal;
  /** No toasts and no logout on 5000: the caller deals with every failure itself. */
  quiet?: boolean;
  /**
   * Refusals (response codes) the caller shows as its own state, so they raise no toast; any other
   * failure still does (a page that says "you may not see this mould" needs no "No permission" over it).
   */
  shows?: readonly number[];
  /**
   * A large answer (thousands of rows): fetched and parsed off the page's thread, where the client
   * has a way to (`fetchJsonOffMain`), so that reading it is no long task of the page.
   */
  offMainThread?: boolean;
}

export type ApiErrorKind = 'envelope' | 'http' | 'network' | 'setup';

/** A failed call. The user has already been told (unless the call was quiet). */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    message: string,
    readonly kind: ApiErrorKind,
    readonly status?: number,
    readonly code?: number,
    readonly key?: string,
  ) {
    super(message);
  }
}

/** A call replaced by a newer one with the same method and URL, or aborted by its caller. Shows nothing. */
export class RequestCanceledError extends Error {
  override readonly name = 'RequestCanceledError';
  constructor() {
    super('Request canceled');
  }
}

export function isCanceled(error: unknown): error is RequestCanceledError {
  return error instanceof RequestCanceledError;
}

export interface ApiClientConfig {
  /** Absolute base of the API, e.g. "https://host/api". */
  baseUrl(): string;
  token(): string | undefined;
  /** The `lang` query value: zh_CN, en_US, ko_KR or pt. */
  languageCode(): string;
  /** The `Time-Zone` header value (IANA zone). */
  timeZone(): string;
  /** Shows an error toast. */
  notifyError(text: string): void;
  /** "Network error", or the HTTP failure text for a status, in the interface language. */
  failureText(status?: number): string;
  /** Body code 5000: log out and reload. */
  onUnauthenticated(): void;
  fetch?: typeof fetch;
  /** Fetches a JSON answer and parses it off the page's thread (a worker); rejects as `fetch` does. */
  fetchJsonOffMain?: FetchJson;
}

/** What a call received: its status and parsed body, or the file it downloaded. */
interface Received extends JsonAnswer {
  blob?: Blob;
  disposition?: string | null;
}

async function receive(response: Response, as: 'json' | 'blob'): Promise<Received> {
  const answer = { status: response.status, ok: response.ok, payload: undefined };
  const type = response.headers.get('content-type') ?? '';
  if (as === 'blob' && response.ok && !type.includes('application/json'))
    return { ...answer, blob: await response.blob(), disposition: response.headers.get('content-disposition') };
  return { ...answer, payload: parseJson(await response.text()) };
}

export interface BlobResult {
  blob: Blob;
  /** From Content-Disposition, when the server names the file. */
  filename?: string;
}

function isEnvelope(value: unknown): value is Envelope<unknown> {
  return typeof value === 'object' && value !== null && typeof (value as { code?: unknown }).code === 'number';
}

function filenameOf(disposition: string | null): string | undefined {
  if (!disposition) return undefined;
  const encoded = disposition.match(/filename\*=UTF-8''([^;]+)/i)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded);
    } catch {
      return encoded;
    }
  }
  return disposition.match(/filename="?([^";]+)"?/i)?.[1];
}

export function createApiClient(config: ApiClientConfig) {
  const pending = new Map<string, AbortController>();

  function fail(error: ApiError, quiet: boolean | undefined, text: string, shows: readonly number[] = []): never {
    const shown = error.code !== undefined && shows.includes(error.code);
    if (!quiet && !shown) config.notifyError(text);
    throw error;
  }

  async function send(method: HttpMethod, path: string, options: RequestOptions, as: 'json' | 'blob') {
    const { query, body, signal, quiet, shows, offMainThread } = options;
    let url: string;
    let init: RequestInit & { method: string; headers: Record<string, string> };
    try {
      const target = new URL(config.baseUrl().replace(/\/+$/, '') + path);
      for (const [name, value] of Object.entries(query ?? {})) {
        const values = Array.isArray(value) ? value : [value];
        for (const item of values)
          if (item !== undefined && item !== null) target.searchParams.append(name, String(item));
      }
      target.searchParams.set('lang', config.languageCode());
      url = target.toString();
      const headers: Record<string, string> = { Accept: 'application/json', 'Time-Zone': config.timeZone() };
      const token = config.token();
      if (token) headers.Authorization = `JWT ${token}`;
      init = { method, headers };
      if (body instanceof FormData) init.body = body;
      else if (body !== undefined) {
        headers['Content-Type'] = 'application/json';
        init.body = JSON.stringify(body);
      }
    } catch {
      return fail(new ApiError('Request setup failed', 'setup'), quiet, config.failureText());
    }

    // A newer read of the same URL replaces the pending one. A write is never dropped: the server
    // may have stored it already, and its caller must hear how it ended.
    const replaces = method === 'GET';
    if (replaces) pending.get(url)?.abort();
    const controller = new AbortController();
    if (replaces) pending.set(url, controller);
    const forwardAbort = () => controller.abort();
    if (signal?.aborted) controller.abort();
    signal?.addEventListener('abort', forwardAbort, { once: true });

    let response: Received;
    try {
      response =
        offMainThread && config.fetchJsonOffMain && as === 'json' && init.body === undefined
          ? await config.fetchJsonOffMain(url, { method, headers: init.headers }, controller.signal)
          : await receive(await (config.fetch ?? fetch)(url, { ...init, signal: controller.signal }), as);
    } catch {
      if (controller.signal.aborted) throw new RequestCanceledError();
      return fail(new ApiError('Network error', 'network'), quiet, config.failureText());
    } finally {
      signal?.removeEventListener('abort', forwardAbort);
      if (pending.get(url) === controller) pending.delete(url);
    }

    const { payload, blob } = response;
    if (blob) return { blob, filename: filenameOf(response.disposition ?? null) } satisfies BlobResult;

    if (isEnvelope(payload)) {
      if (payload.code === ResponseCode.ok) return payload;
      const error = new ApiError(payload.msg, 'envelope', response.status, payload.code, payload.key);
      if (payload.code === ResponseCode.unauthenticated) {
        if (!quiet) config.onUnauthenticated();
        throw error;
      }
      return fail(error, quiet, payload.msg || config.failureText(response.status), shows);
    }
    if (!response.ok) {
      return fail(
        new ApiError(`HTTP ${response.status}`, 'http', response.status),
        quiet,
        config.failureText(response.status),
      );
    }
    // A 2xx answer without an envelope: pass the body through.
    return { code: ResponseCode.ok, msg: '', data: payload } satisfies Envelope<unknown>;
  }

  async function request<T>(method: HttpMethod, path: string, options: RequestOptions = {}): Promise<Envelope<T>> {
    return (await send(method, path, options, 'json')) as Envelope<T>;
  }

  return {
    request,
    get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, options),
    post: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('POST', path, { ...options, body }),
    put: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PUT', path, { ...options, body }),
    delete: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, options),
    /** GET received as a binary file (spreadsheet exports). */
    blob: async (path: string, options?: RequestOptions): Promise<BlobResult> => {
      const result = await send('GET', path, options ?? {}, 'blob');
      if ('blob' in result) return result;
      // The server answered 2xx with JSON where a file was expected: hand over the bytes as they came.
      return { blob: new Blob([JSON.stringify(result.data ?? null)], { type: 'application/json' }) };
    },
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
