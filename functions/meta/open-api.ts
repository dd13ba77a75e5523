import { ALL_CONTRACTS } from '../../shared/contracts/all';
import { metaContracts } from '../../shared/contracts/meta';
import { definePublicRoute } from '../platform/http/route';
import { buildOpenApiDocument } from './openapi-document';

let document: ReturnType<typeof buildOpenApiDocument> | undefined;

export const openApiRoute = definePublicRoute(metaContracts.openApi, async () => {
  document ??= buildOpenApiDocument(ALL_CONTRACTS);
  return { data: document, message: 'OpenAPI document' };
});
