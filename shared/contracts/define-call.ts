import * as z from 'zod';
import type { CallRole } from '../domain/roles';
import type { RouteGroupName } from './route-groups';

export const HTTP_METHODS = ['GET', 'POST', 'HEAD'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

/** How the request carries its input: JSON body, query string (GET), raw text body (webhooks), multipart form. */
export type RequestBodyKind = 'json' | 'query' | 'raw' | 'multipart';

/** A file part a multipart call accepts: checked by size and by its content's signature, not its name. */
export interface FilePart {
  readonly required: boolean;
  readonly maxBytes: number;
  readonly types: readonly ImageType[];
}

export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];

export interface CallContract<
  Req extends z.ZodType = z.ZodType,
  Res extends z.ZodType = z.ZodType,
  Params extends z.ZodType = z.ZodType,
> {
  /** Unique operation name, e.g. `auth.userlogin`. */
  readonly operationId: string;
  readonly group: RouteGroupName;
  readonly method: HttpMethod;
  /** Path under /api/v4 from spec §7; `{name}` marks a path parameter. */
  readonly path: string;
  readonly role: CallRole;
  readonly summary: string;
  readonly bodyKind: RequestBodyKind;
  readonly request: Req;
  readonly params: Params;
  /** Schema of the envelope's `data`. */
  readonly response: Res;
  /** Spec §8: some calls also answer `msg` with the same text as `result`. */
  readonly withMsg: boolean;
  /** `envelope` wraps `response` in spec §7's envelope; `document` sends it as the whole body. */
  readonly responseKind: 'envelope' | 'document';
  /** Multipart calls: the file parts by field name (text fields go through `request`). */
  readonly files: Readonly<Record<string, FilePart>>;
  /** State-changing calls: what the activity log says after success (e.g. 'Updated profile'). */
  readonly activity: string | null;
  /** Set on calls that the spec's call list does not name, with the reason they exist. */
  readonly specExtension: string | null;
}

interface CallDefinition<Req extends z.ZodType, Res extends z.ZodType, Params extends z.ZodType> {
  group: RouteGroupName;
  method: HttpMethod;
  path: string;
  role: CallRole;
  summary: string;
  bodyKind?: RequestBodyKind;
  request?: Req;
  params?: Params;
  response: Res;
  withMsg?: boolean;
  responseKind?: 'envelope' | 'document';
  files?: Record<string, FilePart>;
  activity?: string;
  specExtension?: string;
}

const emptyObject = z.strictObject({});

export function defineCall<
  Res extends z.ZodType,
  Req extends z.ZodType = typeof emptyObject,
  Params extends z.ZodType = typeof emptyObject,
>(def: CallDefinition<Req, Res, Params>): CallContract<Req, Res, Params> {
  const bodyKind = def.bodyKind ?? (def.method === 'POST' ? 'json' : 'query');
  const name = def.path.split('/').filter((part) => part && !part.startsWith('{')).join('.');
  return {
    operationId: name,
    group: def.group,
    method: def.method,
    path: def.path,
    role: def.role,
    summary: def.summary,
    bodyKind,
    request: (def.request ?? emptyObject) as Req,
    params: (def.params ?? emptyObject) as Params,
    response: def.response,
    withMsg: def.withMsg ?? false,
    responseKind: def.responseKind ?? 'envelope',
    files: def.files ?? {},
    activity: def.activity ?? null,
    specExtension: def.specExtension ?? null,
  };
}

export type RequestOf<C extends CallContract> = z.infer<C['request']>;
export type ResponseOf<C extends CallContract> = z.infer<C['response']>;
export type ParamsOf<C extends CallContract> = z.infer<C['params']>;

/** Splits a contract path into segments; `{name}` segments become parameters. */
export function pathSegments(path: string): { literal: string; param?: string }[] {
  return path
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      const match = /^\{(\w+)\}$/.exec(segment);
      return match?.[1] ? { literal: segment, param: match[1] } : { literal: segment };
    });
}
