import { Flex, Heading, Text } from '@aws-amplify/ui-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { paths, pathTo } from '@/config/paths';
import { useJsonBridge } from '../api/use-json-bridge';
import { SyntaxForm } from '../components/syntax-form';
import { SyntaxOutput } from '../components/syntax-output';
import { TestSignalPanel } from '../components/test-signal-panel';
import { INITIAL_SYNTAX_VALUES, type SyntaxValues } from '../syntax/syntax-fields';
import { orderJsonOf, orderOf, orderProblemsOf } from '../syntax/syntax-order';
import '../jsonbridge.css';

/** Spec §2 /bridge/jsonbridge/{json_bridge_id}/syntaxgenerator: builds the JSON to paste into a TradingView alert. */
export function SyntaxGeneratorPage() {
  const { json_bridge_id: id = '' } = useParams();
  const bridge = useJsonBridge(id);
  const [values, setValues] = useState<SyntaxValues>(INITIAL_SYNTAX_VALUES);
  const problems = orderProblemsOf(values);
  const problemByField: Record<string, string> = {};
  for (const problem of problems) problemByField[problem.field] ??= problem.message;

  return (
    <Flex direction="column" gap="large" className="syntax-generator-page">
      <Flex direction="column" gap="xxs">
        <Link to={pathTo(paths.jsonBridge, { json_bridge_id: id })}>← Back to {bridge.data?.json_bridge_name ?? 'the bridge'}</Link>
        <Heading level={2}>Json Bridge syntax generator</Heading>
        <Text variation="secondary">Choose the order; copy the JSON into the alert's message and the bridge's webhook URL into its webhook field.</Text>
      </Flex>
      <div className="syntax-generator">
        <SyntaxForm values={values} onChange={(patch) => setValues((current) => ({ ...current, ...patch }))} problems={problemByField} />
        <Flex direction="column" gap="large">
          <SyntaxOutput json={orderJsonOf(values)} problems={problems} usesPlaceholders={values.use_placeholders} />
          <TestSignalPanel bridgeId={id} json={JSON.stringify(orderOf(values, 'samples'))} isSendable={problems.length === 0} />
        </Flex>
      </div>
    </Flex>
  );
}
