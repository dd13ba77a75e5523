import type { CallContract } from './define-call';
import { authContracts } from './auth';
import { metaContracts } from './meta';
import { scriptsContracts } from './scripts';
import { userContracts } from './user';

/** Every call of the API, for the gateway, the route table test, OpenAPI and the infrastructure. */
export const ALL_CONTRACTS: readonly CallContract[] = [
  ...Object.values(authContracts),
  ...Object.values(userContracts),
  ...Object.values(metaContracts),
  ...Object.values(scriptsContracts),
];
