import type { z } from 'zod';
import type { CallContract, RequestBodyKind } from '@shared/contracts/define-call';
import { NETWORK_ERROR_MESSAGE, UNKNOWN_ERROR_MESSAGE } from '@shared/contracts/envelope';
import { absoluteAppUrl, paths } from '../config/paths';
import { ApiError } from './api-error';
import { readEnvelope } from './api-envelope';
import { buildApiUrl } from './api-url';
import { clearSession, readValidToken } from './auth-storage';
import { multipartBody, type FileParts } from './multipart-body';
import { getRuntimeConfig } from './runtime-config';

/**
 * The one way the SPA calls the API: the contract gives the method, path and schemas.
 * The input is validated with the contract's request schema before it is sent. Multipart calls take
 * their files by the part names of `contract.files`.
 */
export async function callApi<Req extends z.ZodType, Res extends z.ZodType, Params extends z.ZodType>(
  contract: CallContract<Req, Res, Params>,
  input: z.input<Req>,
  params?: z.input<Params>,
  files: FileParts = {},
): Promise<z.output<Res>> {
  return callApiAs(readValidToken(), contract, input, params, files);
}

/**
 * `callApi` with the token given rather than read from storage: logout revokes the token it has just
 * cleared from storage. A 401 ends the session only while the token it was sent with is still the
 * stored one, so a request that was in flight across a logout (or a new login) reloads nothing.
 */
export async function callApiAs<Req extends z.ZodType, Res extends z.ZodType, Params extends z.ZodType>(
  token: string | null,
  contract: CallContract<Req, Res, Params>,
  input: z.input<Req>,
  params?: z.input<Params>,
  files: FileParts = {},
): Promise<z.output<Res>> {
  const request = validated(contract.request, input);
  const url = buildApiUrl(getRuntimeConfig().apiBaseUrl, contract, request, validated(contract.params, params ?? {}));
  const response = await send(url, requestInit(contract, request, files, token));
  const body = await readJsonBody(response);
  try {
    return readEnvelope(contract, response.status, body);
  } catch (error) {
    if (error instanceof ApiError && error.httpStatus === 401 && contract.role !== 'public' && readValidToken() === token) endSession();
    throw error;
  }
}

/** Input that breaks the contract never leaves the browser; it fails like a server-side 400 would. */
function validated<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const details = parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
  throw new ApiError(details[0]?.message ?? UNKNOWN_ERROR_MESSAGE, { code: 'VALIDATION_FAILED', httpStatus: null, details });
}

interface EncodedBody {
  body?: BodyInit;
  /** Unset for multipart: the browser writes the header with the boundary. */
  contentType?: string;
}

/** How each kind of request carries its validated input. */
const BODY_ENCODERS: Readonly<Record<RequestBodyKind, (contract: CallContract, request: unknown, files: FileParts) => EncodedBody>> = {
  query: () => ({}),
  json: (_contract, request) => ({ body: JSON.stringify(request), contentType: 'application/json' }),
  multipart: (contract, request, files) => ({ body: multipartBody(contract, request, files) }),
  raw: (contract) => {
    throw new Error(`callApi does not send raw bodies (${contract.operationId}); webhooks are called by senders`);
  },
};

function requestInit(contract: CallContract, request: unknown, files: FileParts, token: string | null): RequestInit {
  const headers = new Headers({ Accept: 'application/json' });
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const { body, contentType } = BODY_ENCODERS[contract.bodyKind](contract, request, files);
  if (contentType) headers.set('Content-Type', contentType);
  return body === undefined ? { method: contract.method, headers } : { method: contract.method, headers, body };
}

async function send(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch {
    throw new ApiError(NETWORK_ERROR_MESSAGE, { code: 'NETWORK_ERROR', httpStatus: null });
  }
}

async function readJsonBody(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}

/** Spec §7: a 401 on a signed-in call clears the session and reloads the app at its login page. */
function endSession(): void {
  clearSession();
  window.location.assign(absoluteAppUrl(paths.login));
}
