import type { Template } from 'aws-cdk-lib/assertions';

export interface CfnResource {
  readonly Type: string;
  readonly Properties?: Record<string, unknown>;
  readonly DeletionPolicy?: string;
  readonly UpdateReplacePolicy?: string;
}

export interface PolicyStatementJson {
  readonly Effect: string;
  readonly Action: string | string[];
  readonly Resource?: unknown;
}

export function resourcesOfType(template: Template, type: string): Record<string, CfnResource> {
  return template.findResources(type) as Record<string, CfnResource>;
}

export function actionsOf(statement: PolicyStatementJson): string[] {
  return Array.isArray(statement.Action) ? statement.Action : [statement.Action];
}

/** The logical id a `{ Ref }` or `{ Fn::GetAtt: [id, attr] }` points at. */
export function referencedId(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  if ('Ref' in value && typeof value.Ref === 'string') return value.Ref;
  if ('Fn::GetAtt' in value && Array.isArray(value['Fn::GetAtt'])) {
    const [id] = value['Fn::GetAtt'] as unknown[];
    return typeof id === 'string' ? id : undefined;
  }
  return undefined;
}

/** Logical id of the Lambda function whose Description is exactly `description`. */
export function functionIdByDescription(template: Template, description: string): string {
  const matches = Object.entries(resourcesOfType(template, 'AWS::Lambda::Function')).filter(
    ([, resource]) => resource.Properties?.Description === description,
  );
  const id = matches[0]?.[0];
  if (matches.length !== 1 || !id) throw new Error(`Expected one function "${description}", found ${matches.length}`);
  return id;
}

/** Every statement of every IAM policy attached to the role of the given function. */
export function statementsOfFunctionRole(template: Template, functionId: string): PolicyStatementJson[] {
  const fn = resourcesOfType(template, 'AWS::Lambda::Function')[functionId];
  const roleId = referencedId(fn?.Properties?.Role);
  if (!roleId) throw new Error(`Function ${functionId} has no role reference`);
  return Object.values(resourcesOfType(template, 'AWS::IAM::Policy'))
    .filter((policy) => ((policy.Properties?.Roles as unknown[]) ?? []).some((role) => referencedId(role) === roleId))
    .flatMap((policy) => (policy.Properties?.PolicyDocument as { Statement: PolicyStatementJson[] }).Statement);
}

/** Statements of every IAM policy and every inline role policy in the template. */
export function allPolicyStatements(template: Template): PolicyStatementJson[] {
  const fromPolicies = Object.values(resourcesOfType(template, 'AWS::IAM::Policy')).flatMap(
    (policy) => (policy.Properties?.PolicyDocument as { Statement: PolicyStatementJson[] }).Statement,
  );
  const inlineRolePolicies = Object.values(resourcesOfType(template, 'AWS::IAM::Role')).flatMap((role) =>
    ((role.Properties?.Policies as { PolicyDocument: { Statement: PolicyStatementJson[] } }[]) ?? []).flatMap(
      (policy) => policy.PolicyDocument.Statement,
    ),
  );
  return [...fromPolicies, ...inlineRolePolicies];
}
