// The request-and-check lines the server tests share: an answer's status asserted (its body the failure's message)
// and its JSON read, and a policy added through the admin API.
import { expect } from 'vitest';
import type { PolicyView } from '../../src-server/contract/views';
import { json, validPolicy, type Harness } from './harness';

/** Asserts the answer's status, with its body as the message should it differ, and answers the response. */
export async function expectStatus(res: Response | Promise<Response>, status: number): Promise<Response> {
  const answer = await res;
  expect(answer.status, await answer.clone().text()).toBe(status);
  return answer;
}

/** Asserts the answer's status (expectStatus) and answers its JSON body. */
export async function expectJson<T = unknown>(res: Response | Promise<Response>, status: number): Promise<T> {
  return json<T>(await expectStatus(res, status));
}

/** A policy the staff member of `token` adds through POST /api/admin/policies: validPolicy with `body` over it (201). */
export function addPolicy<T = PolicyView>(h: Harness, token: string, body: Record<string, unknown> = {}): Promise<T> {
  return expectJson<T>(h.request('POST', '/api/admin/policies', { token, body: { ...validPolicy, ...body } }), 201);
}
