import * as z from 'zod';
import type { CallContract } from '../../shared/contracts/define-call';
import { errorEnvelopeSchema, successEnvelope } from '../../shared/contracts/envelope';
import { API_BASE_PATH, APP_VERSION } from '../../shared/domain/constants';

type JsonSchema = Record<string, unknown>;

const toSchema = (schema: z.ZodType, io: 'input' | 'output'): JsonSchema =>
  z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema;

function parametersOf(contract: CallContract): JsonSchema[] {
  const pathParams = contract.path.match(/\{(\w+)\}/g)?.map((p) => p.slice(1, -1)) ?? [];
  const params: JsonSchema[] = pathParams.map((name) => ({ name, in: 'path', required: true, schema: { type: 'string' } }));
  if (contract.bodyKind === 'query') {
    const schema = toSchema(contract.request, 'input');
    const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
    const required = new Set((schema.required ?? []) as string[]);
    for (const [name, property] of Object.entries(properties)) {
      params.push({ name, in: 'query', required: required.has(name), schema: property });
    }
  }
  return params;
}

const REQUEST_MEDIA: Record<CallContract['bodyKind'], string | null> = {
  json: 'application/json',
  raw: 'text/plain',
  multipart: 'multipart/form-data',
  query: null,
};

function operationOf(contract: CallContract): JsonSchema {
  const media = REQUEST_MEDIA[contract.bodyKind];
  const success = contract.responseKind === 'document' ? contract.response : successEnvelope(contract.response);
  return {
    operationId: contract.operationId,
    summary: contract.summary,
    tags: [contract.group],
    'x-required-role': contract.role,
    ...(contract.role === 'public' ? { security: [] } : {}),
    parameters: parametersOf(contract),
    ...(media ? { requestBody: { required: true, content: { [media]: { schema: toSchema(contract.request, 'input') } } } } : {}),
    responses: {
      '200': { description: 'Success', content: { 'application/json': { schema: toSchema(success, 'output') } } },
      default: { description: 'Error envelope', content: { 'application/json': { schema: toSchema(errorEnvelopeSchema, 'output') } } },
    },
  };
}

/** The OpenAPI 3.1 document of the API, generated from the contracts (the only source of truth). */
export function buildOpenApiDocument(contracts: readonly CallContract[]): { openapi: '3.1.0' } & JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const contract of contracts) {
    const path = `${API_BASE_PATH}${contract.path}`;
    paths[path] = { ...paths[path], [contract.method.toLowerCase()]: operationOf(contract) };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'TradeBridge API', version: APP_VERSION },
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    security: [{ bearer: [] }],
    paths,
  };
}
