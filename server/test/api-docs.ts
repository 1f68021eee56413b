import { expect } from 'vitest';
import type { TestApp } from './test-app.js';

interface DocumentedOperation {
  security?: unknown[];
  parameters?: Array<{ in: string; name: string; required?: boolean }>;
}

/**
 * The served OpenAPI document against the routes of one module: the document lists exactly
 * `operations` ("METHOD /path/{param}/") among its paths that `belongs` picks; each is a route the
 * app serves; `open` ones say they need no session (security []), the others ask for one and answer
 * 401 without it. Answers the documented operations for closer checks.
 */
export async function expectDocumentedAsServed(
  app: TestApp,
  belongs: (path: string) => boolean,
  operations: readonly string[],
  open: readonly string[],
): Promise<Map<string, DocumentedOperation>> {
  const response = await app.request({ method: 'GET', url: '/api/docs/json' });
  const document = response.json() as { paths: Record<string, Record<string, DocumentedOperation>> };
  const documented = new Map<string, DocumentedOperation>();
  for (const [path, methods] of Object.entries(document.paths)) {
    if (!belongs(path)) continue;
    for (const [method, operation] of Object.entries(methods))
      documented.set(`${method.toUpperCase()} ${path}`, operation);
  }
  expect([...documented.keys()].sort()).toEqual([...operations].sort());
  for (const [name, operation] of documented) {
    const [method, path] = name.split(' ') as [string, string];
    const url = path.replace(/\{(\w+)\}/g, ':$1');
    expect(app.app.hasRoute({ method: method as 'GET', url }), name).toBe(true);
    for (const parameter of operation.parameters ?? []) {
      if (parameter.in === 'path') expect(path, `${name} ${parameter.name}`).toContain(`{${parameter.name}}`);
    }
    if (open.includes(name)) {
      expect(operation.security, name).toEqual([]);
    } else {
      expect(operation.security, name).toBeUndefined();
      const sample = path.replace(/\{\w+\}/g, '1');
      const anonymous = await app.request({
        method: method as 'GET',
        url: sample,
        ...(method === 'GET' ? {} : { payload: {} }),
      });
      expect(anonymous.statusCode, name).toBe(401);
    }
  }
  return documented;
}
