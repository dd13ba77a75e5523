import type { RequestScope } from '../platform/http/route';
import type { Logger } from '../platform/logger';

/** Who is calling a public auth call: the franchise of the host, the client IP and the request's logger. */
export interface Caller {
  readonly frchId: number;
  readonly sourceIp: string;
  readonly log: Logger;
}

export function callerOf(scope: RequestScope): Caller {
  return { frchId: scope.franchiseId, sourceIp: scope.sourceIp, log: scope.log };
}
