import { Aspects, type IAspect, Stack, Validations } from 'aws-cdk-lib';
import { CfnPolicy } from 'aws-cdk-lib/aws-iam';
import type { IConstruct } from 'constructs';

/**
 * cdk-nag (AwsSolutions pack) reports every wildcard of an IAM policy as a finding of its own:
 * `AwsSolutions-IAM5[Resource::<resource>]` or `AwsSolutions-IAM5[Action::<action>]`, the resource written
 * with its CloudFormation references flattened (`<DataTable1234.Arn>/index/*`, `arn:<AWS::Partition>:…`).
 * Acknowledging one takes that exact id, so these helpers build it from the resource itself: no logical
 * id is ever written out by hand, and renaming a construct cannot silently drop an acknowledgement.
 */

const IAM5 = 'AwsSolutions-IAM5';

/** cdk-nag's own flattening of a resolved CloudFormation value (its `flattenCfnReference`, which it does not export). */
export function flattenReference(value: unknown): string {
  if (value === undefined) return '';
  if (typeof value === 'string') return value.replace(/\$\{/g, '<').replace(/\}/g, '>');
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    const fn = value as Record<string, unknown>;
    if (fn['Fn::Join']) {
      const [delimiter, items] = fn['Fn::Join'] as [string, unknown[]];
      return items.map(flattenReference).join(delimiter);
    }
    if (fn['Fn::Sub']) return flattenReference(fn['Fn::Sub']);
    if (fn['Fn::GetAtt']) {
      const [resource, attribute] = fn['Fn::GetAtt'] as [unknown, unknown];
      return `<${flattenReference(resource)}.${flattenReference(attribute)}>`;
    }
    if (fn['Fn::ImportValue']) return flattenReference(fn['Fn::ImportValue']);
    if (fn.Ref) return `<${flattenReference(fn.Ref)}>`;
  }
  return JSON.stringify(value);
}

/** The IAM5 finding id of one resource ARN (a string that may hold tokens), or none when it has no wildcard. */
export function wildcardResourceFinding(scope: IConstruct, resource: string): string | undefined {
  const flat = flattenReference(Stack.of(scope).resolve(resource));
  return flat.includes('*') ? `${IAM5}[Resource::${flat}]` : undefined;
}

/**
 * Acknowledges, on `principal` (the role whose policy holds the statement), the IAM5 finding of each
 * wildcard among `resources`, with the reason the wildcard is needed.
 */
export function acknowledgeWildcardResources(principal: IConstruct, resources: readonly string[], reason: string): void {
  for (const resource of resources) {
    const id = wildcardResourceFinding(principal, resource);
    if (id) Validations.of(principal).acknowledge({ id, reason });
  }
}

interface StatementJson {
  readonly Effect?: string;
  readonly Action?: string | string[];
  readonly Resource?: unknown;
}

const asArray = <T>(value: T | T[] | undefined): T[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

/** Every IAM5 finding id of a resolved policy document, the way cdk-nag lists them (Allow statements only). */
function policyWildcardFindings(document: { readonly Statement?: readonly StatementJson[] }): string[] {
  const findings = new Set<string>();
  for (const statement of document.Statement ?? []) {
    if (statement.Effect !== 'Allow') continue;
    for (const action of asArray(statement.Action)) if (action.includes('*')) findings.add(`${IAM5}[Action::${action}]`);
    for (const resource of asArray(statement.Resource).map(flattenReference)) {
      if (resource.includes('*')) findings.add(`${IAM5}[Resource::${resource}]`);
    }
  }
  return [...findings];
}

/** Runs once the tree is complete, so it sees every statement CDK added to the policies it owns. */
class AcknowledgeOwnedPolicyWildcards implements IAspect {
  constructor(private readonly reason: string) {}

  visit(node: IConstruct): void {
    if (!(node instanceof CfnPolicy)) return;
    const document = Stack.of(node).resolve(node.policyDocument) as { Statement?: StatementJson[] };
    for (const id of policyWildcardFindings(document)) Validations.of(node).acknowledge({ id, reason: this.reason });
  }
}

/**
 * For roles that CDK creates and writes itself (a library construct's handler): acknowledges every IAM5
 * finding of the policies under `scope`, whatever statements the library put there.
 */
export function acknowledgeLibraryPolicyWildcards(scope: IConstruct, reason: string): void {
  Aspects.of(scope).add(new AcknowledgeOwnedPolicyWildcards(reason));
}
