import type { z } from 'zod';
import type { CallContract } from '../../../shared/contracts/define-call';
import type { UploadedFiles } from '../files/image-upload';
import type { Logger } from '../logger';
import type { Principal } from './principal';
import type { IncomingRequest } from './request';

/** What a route sees of the request, besides its validated input. */
export interface RequestScope {
  readonly requestId: string;
  readonly franchiseId: number;
  readonly sourceIp: string;
  readonly userAgent: string;
  readonly log: Logger;
  readonly raw: IncomingRequest;
}

export interface RouteInput<C extends CallContract, P> {
  readonly body: z.infer<C['request']>;
  readonly params: z.infer<C['params']>;
  /** Multipart calls: the file parts that passed the contract's `files` checks, by field name. */
  readonly files?: UploadedFiles;
  readonly principal: P;
  readonly scope: RequestScope;
}

/** What a route answers: the envelope's `data` and its human `result` message. */
export interface RouteOutcome<C extends CallContract> {
  readonly data: z.input<C['response']>;
  readonly message: string;
  readonly statusCode?: number;
  /** On public calls with an activity (login, register): the account the activity belongs to. */
  readonly actor?: { readonly frchId: number; readonly userId: number };
  /** A step that changes nothing yet (e.g. mailing an OTP before the change is confirmed) records no activity. */
  readonly skipActivity?: boolean;
  /** Said after the contract's activity (e.g. which fields a save changed; never a secret's value). */
  readonly activityNote?: string;
}

export interface RouteDefinition {
  readonly contract: CallContract;
  handle(input: RouteInput<CallContract, Principal | null>): Promise<RouteOutcome<CallContract>>;
}

/** A route for a signed-in caller: the pipeline has authenticated and checked the contract's role. */
export function defineRoute<C extends CallContract>(
  contract: C,
  handle: (input: RouteInput<C, Principal>) => Promise<RouteOutcome<C>>,
): RouteDefinition {
  if (contract.role === 'public') throw new Error(`${contract.operationId} is public: use definePublicRoute`);
  return {
    contract,
    handle: (input) => {
      if (!input.principal) throw new Error(`${contract.operationId} reached without a principal`);
      return handle({ ...input, principal: input.principal } as RouteInput<C, Principal>);
    },
  };
}

/** A route anyone may call (login, webhooks, public reads). */
export function definePublicRoute<C extends CallContract>(
  contract: C,
  handle: (input: RouteInput<C, null>) => Promise<RouteOutcome<C>>,
): RouteDefinition {
  if (contract.role !== 'public') throw new Error(`${contract.operationId} requires role ${contract.role}`);
  return { contract, handle: (input) => handle({ ...input, principal: null } as RouteInput<C, null>) };
}
