import { AUTH_ERROR_CODES, CHALLENGE_HEADERS, type ErrorEnvelope } from '@baan/contract';
import { type BaseQueryFn, createApi, type FetchArgs, fetchBaseQuery } from '@reduxjs/toolkit/query/react';
import { currentLanguage } from '../i18n';
import type { ApiError } from './api-error';
import { announceApi } from './api-registry';
import { solveChallenge, whileCheckingConnection } from './proof-of-work';

export { type ApiError, isApiError } from './api-error';

export interface ApiMeta {
  /** The envelope's `message` of a successful answer. */
  message?: string;
  /** The answer's headers (a feature reads what its call hands back there, e.g. the device token). */
  headers?: Headers;
}

interface TokenState {
  login: { token: string | null };
}

function apiBaseUrl(): string {
  // An absolute URL: Node's fetch (used by the unit tests) rejects relative ones.
  const origin = typeof window === 'undefined' ? 'http://localhost' : window.location.origin;
  return `${origin}/api`;
}

const rawBaseQuery = fetchBaseQuery({
  baseUrl: apiBaseUrl(),
  prepareHeaders(headers, { getState }) {
    const { token } = (getState() as TokenState).login;
    if (token) headers.set('Authorization', `Bearer ${token}`);
    headers.set('Accept', 'application/json');
    headers.set('Accept-Language', currentLanguage());
    return headers;
  },
});

function isErrorEnvelope(value: unknown): value is ErrorEnvelope {
  return typeof value === 'object' && value !== null && 'success' in value && value.success === false;
}

function hasPayload(value: unknown): value is { success: true; message?: string; payload: unknown } {
  return typeof value === 'object' && value !== null && 'success' in value && value.success === true;
}

type RawResult = Awaited<ReturnType<typeof rawBaseQuery>>;

/**
 * The API's proof-of-work challenge (429 `challenge_required`, ADR 019): a burst from this network must show some
 * work before the call is done. Solves it (the page says "Checking your connection…" meanwhile) and sends the
 * request once more with the solution; any other answer is returned as it is.
 */
async function answeringChallenge(
  args: string | FetchArgs,
  result: RawResult,
  send: (args: FetchArgs) => Promise<RawResult>,
): Promise<RawResult> {
  const { error } = result;
  const headers = result.meta?.response?.headers;
  const challenge = headers?.get(CHALLENGE_HEADERS.challenge);
  const bits = Number(headers?.get(CHALLENGE_HEADERS.bits));
  const isChallenge =
    error?.status === 429 &&
    isErrorEnvelope(error.data) &&
    error.data.code === AUTH_ERROR_CODES.challengeRequired &&
    challenge &&
    Number.isInteger(bits) &&
    bits > 0 &&
    bits <= 30;
  if (!isChallenge) return result;
  const nonce = await whileCheckingConnection(() => solveChallenge(challenge, bits));
  const request: FetchArgs = typeof args === 'string' ? { url: args } : args;
  const retryHeaders = new Headers(request.headers as HeadersInit | undefined);
  retryHeaders.set(CHALLENGE_HEADERS.solution, `${challenge}:${nonce}`);
  return send({ ...request, headers: retryHeaders });
}

/** fetchBaseQuery plus the envelope: resolves to `payload`, rejects with {@link ApiError}. */
export const envelopeBaseQuery: BaseQueryFn<string | FetchArgs, unknown, ApiError, object, ApiMeta> = async (
  args,
  queryApi,
  extraOptions,
) => {
  const result = await answeringChallenge(args, await rawBaseQuery(args, queryApi, extraOptions), async (retry) =>
    rawBaseQuery(retry, queryApi, extraOptions),
  );
  if (result.error) {
    const { error } = result;
    if (typeof error.status === 'number') {
      const body = isErrorEnvelope(error.data) ? error.data : undefined;
      return { error: { status: error.status, message: body?.message, errors: body?.errors, code: body?.code } };
    }
    return { error: { status: error.status } };
  }
  const body = result.data;
  if (isErrorEnvelope(body)) {
    return { error: { status: result.meta?.response?.status ?? 200, message: body.message, errors: body.errors } };
  }
  if (hasPayload(body)) {
    return { data: body.payload, meta: { message: body.message, headers: result.meta?.response?.headers } };
  }
  return { error: { status: 'PARSING_ERROR' } };
};

/** The one RTK Query API; features add their endpoints with `api.injectEndpoints`. */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: envelopeBaseQuery,
  endpoints: () => ({}),
});

// Every store gets the API's reducer and middleware now that RTK Query has loaded (session/store.ts listens).
announceApi(api);
