import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ResponseCode } from '@mouldwatch/shared';
import { ApiError, RequestCanceledError, createApiClient, type ApiClientConfig } from './api-client';
import { offMainFetcher } from './off-main/fetchOffMain';
import { ROWS_PER_CHUNK, type MessageEndpoint } from './off-main/protocol';
import { serveFetches } from './off-main/serveFetches';

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

let server: Server;
let baseUrl: string;
let handler: Handler;

beforeAll(async () => {
  server = createServer((request, response) => handler(request, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const json = (response: ServerResponse, status: number, body: unknown) => {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
};

let toasts: string[];
let loggedOut: number;
const clientConfig = (base = () => baseUrl): ApiClientConfig => ({
  baseUrl: base,
  token: () => 'abc.def.ghi',
  languageCode: () => 'ko_KR',
  timeZone: () => 'Asia/Kolkata',
  notifyError: (text) => toasts.push(text),
  failureText: (status) => (status === undefined ? 'Network error' : `HTTP ${status}`),
  onUnauthenticated: () => {
    loggedOut += 1;
  },
});
const client = (base = () => baseUrl) => createApiClient(clientConfig(base));

beforeEach(() => {
  toasts = [];
  loggedOut = 0;
});

describe('API client against a real HTTP server', () => {
  it('sends the JWT, the time zone and the language', async () => {
    let seen: IncomingMessage | undefined;
    handler = (request, response) => {
      seen = request;
      json(response, 200, { code: 200, msg: 'ok', data: { fine: true } });
    };
    const answer = await client().get<{ fine: boolean }>('/yudata/menu/web_router/', { query: { limit: 1000 } });
    expect(answer.data).toEqual({ fine: true });
    expect(seen?.headers.authorization).toBe('JWT abc.def.ghi');
    expect(seen?.headers['time-zone']).toBe('Asia/Kolkata');
    expect(seen?.url).toBe('/api/yudata/menu/web_router/?limit=1000&lang=ko_KR');
  });

  it('cancels a pending read when the same URL is read again', async () => {
    handler = (_request, response) =>
      void setTimeout(() => json(response, 200, { code: 200, msg: 'ok', data: 1 }), 100);
    const api = client();
    const first = api.get('/slow/');
    const second = api.get('/slow/');
    await expect(first).rejects.toBeInstanceOf(RequestCanceledError);
    await expect(second).resolves.toMatchObject({ code: 200 });
    expect(toasts).toEqual([]);
  });

  it('lets every write to one URL reach the server and answer its caller', async () => {
    const bodies: string[] = [];
    handler = (request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        bodies.push(body);
        setTimeout(() => json(response, 200, { code: 200, msg: 'ok', data: JSON.parse(body) as unknown }), 50);
      });
    };
    const api = client();
    const first = api.put('/slow/', { hrs: [1, 3] });
    const second = api.put('/slow/', { hrs: [1] });
    await expect(first).resolves.toMatchObject({ data: { hrs: [1, 3] } });
    await expect(second).resolves.toMatchObject({ data: { hrs: [1] } });
    expect(bodies).toHaveLength(2);
  });

  it('hands a FormData body to fetch as it is, so the browser sends multipart with its boundary', async () => {
    let sent: RequestInit | undefined;
    const api = createApiClient({
      ...clientConfig(),
      fetch: async (_url, init) => {
        sent = init;
        return new Response(JSON.stringify({ code: 200, msg: 'ok', data: null }));
      },
    });
    const form = new FormData();
    form.append('file', new Blob(['png bytes'], { type: 'image/png' }), 'mould.png');
    await api.post('/upload/', form);
    expect(sent?.body).toBe(form);
    expect(sent?.headers).not.toHaveProperty('Content-Type');
  });

  it.each([
    [422, 4000],
    [400, 400],
    [403, 6000],
  ])('shows msg for HTTP %i with body code %i', async (status, code) => {
    handler = (_request, response) => json(response, status, { code, msg: 'No permission', data: null });
    await expect(client().get('/x/')).rejects.toMatchObject({ code, kind: 'envelope' });
    expect(toasts).toEqual(['No permission']);
  });

  it('logs out on code 5000 without a toast', async () => {
    handler = (_request, response) => json(response, 401, { code: 5000, msg: 'Please login first', data: null });
    await expect(client().get('/x/')).rejects.toBeInstanceOf(ApiError);
    expect(loggedOut).toBe(1);
    expect(toasts).toEqual([]);
  });

  it('raises no toast for a refusal the caller shows itself, and still does for any other', async () => {
    let code: number = ResponseCode.forbidden;
    handler = (_request, response) => json(response, 403, { code, msg: 'No permission', data: null });
    const shows = [ResponseCode.forbidden];
    await expect(client().get('/x/', { shows })).rejects.toMatchObject({ code: ResponseCode.forbidden });
    expect(toasts).toEqual([]);
    code = ResponseCode.refused;
    await expect(client().get('/x/', { shows })).rejects.toMatchObject({ code: ResponseCode.refused });
    expect(toasts).toEqual(['No permission']);
  });

  it('names the HTTP status of a failure without an envelope', async () => {
    handler = (_request, response) => {
      response.writeHead(502);
      response.end('bad gateway');
    };
    await expect(client().get('/x/')).rejects.toMatchObject({ kind: 'http', status: 502 });
    expect(toasts).toEqual(['HTTP 502']);
  });

  it('says "Network error" when nothing answers', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    await expect(client(() => `http://127.0.0.1:${port}/api`).get('/x/')).rejects.toMatchObject({ kind: 'network' });
    expect(toasts).toEqual(['Network error']);
  });

  it('says "Network error" when the request cannot even be built', async () => {
    await expect(client(() => 'not a url').get('/x/')).rejects.toMatchObject({ kind: 'setup' });
    expect(toasts).toEqual(['Network error']);
  });
});

describe('API client reading a large answer off the page (the worker, on a message channel here)', () => {
  const channels: MessageChannel[] = [];
  afterAll(() => channels.forEach((channel) => (channel.port1.close(), channel.port2.close())));
  const offMain = (base = () => baseUrl) => {
    const channel = new MessageChannel();
    channels.push(channel);
    serveFetches(channel.port1 as unknown as MessageEndpoint);
    return createApiClient({
      ...clientConfig(base),
      fetchJsonOffMain: offMainFetcher(() => channel.port2 as unknown as MessageEndpoint),
    });
  };

  it('hands over thousands of rows in parts, whole and in order, with the envelope around them', async () => {
    const rows = Array.from({ length: ROWS_PER_CHUNK * 2 + 17 }, (_, index) => ({ id: index, name: `M-${index}` }));
    let seen: IncomingMessage | undefined;
    handler = (request, response) => {
      seen = request;
      json(response, 200, { code: 200, msg: 'ok', data: rows, total: rows.length });
    };
    const answer = await offMain().get<typeof rows>('/yudata/mold/more/', {
      query: { limit: 99999 },
      offMainThread: true,
    });
    expect(answer).toEqual({ code: 200, msg: 'ok', data: rows, total: rows.length });
    expect(seen?.headers.authorization).toBe('JWT abc.def.ghi');
    expect(seen?.url).toBe('/api/yudata/mold/more/?limit=99999&lang=ko_KR');
  });

  it('refuses and fails as a call on the page does', async () => {
    handler = (_request, response) =>
      json(response, 403, { code: ResponseCode.forbidden, msg: 'No permission', data: null });
    await expect(offMain().get('/x/', { offMainThread: true })).rejects.toMatchObject({ code: ResponseCode.forbidden });
    expect(toasts).toEqual(['No permission']);
    await expect(offMain(() => 'http://127.0.0.1:1/api').get('/x/', { offMainThread: true })).rejects.toMatchObject({
      kind: 'network',
    });
  });

  it('cancels a call replaced by the same call', async () => {
    handler = (_request, response) =>
      void setTimeout(() => json(response, 200, { code: 200, msg: 'ok', data: [1] }), 100);
    const api = offMain();
    const first = api.get('/slow/', { offMainThread: true });
    const second = api.get('/slow/', { offMainThread: true });
    await expect(first).rejects.toBeInstanceOf(RequestCanceledError);
    await expect(second).resolves.toMatchObject({ data: [1] });
  });

  it('reads on the page once the worker fails (one that cannot load), failing only the call under way', async () => {
    handler = (_request, response) => json(response, 200, { code: 200, msg: 'ok', data: [7] });
    const unloadable: MessageEndpoint = {
      onmessage: null,
      onerror: null,
      postMessage() {
        setTimeout(() => unloadable.onerror?.(new ErrorEvent('error')));
      },
    };
    const api = createApiClient({ ...clientConfig(), fetchJsonOffMain: offMainFetcher(() => unloadable) });
    await expect(api.get('/x/', { offMainThread: true })).rejects.toMatchObject({ kind: 'network' });
    await expect(api.get('/x/', { offMainThread: true })).resolves.toMatchObject({ data: [7] });
  });
});
