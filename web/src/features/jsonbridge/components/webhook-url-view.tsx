import { Alert, Button, Flex, TextField } from '@aws-amplify/ui-react';
import { Link } from 'react-router-dom';
import { paths, pathTo } from '@/config/paths';
import { useCopyText } from '../hooks/use-copy-text';

/** A webhook URL shown the one time it exists in plain text, with copy and the warning that it will not show again. */
export function WebhookUrlView({ bridgeId, url, onClose }: { bridgeId: string; url: string; onClose: () => void }) {
  const copy = useCopyText();
  return (
    <Flex direction="column" gap="medium" className="webhook-url">
      <Alert variation="warning" heading="Copy it now">
        This URL is shown only once. It is not stored in readable form, so it cannot be shown again: if you lose it, regenerate the key (the old URL then stops working).
      </Alert>
      <TextField label="Webhook URL" value={url} isReadOnly onFocus={(event) => event.target.select()} className="webhook-url__field" />
      <Flex justifyContent="space-between" alignItems="center" gap="small" wrap="wrap">
        <Link to={pathTo(paths.jsonBridgeSyntax, { json_bridge_id: bridgeId })} onClick={onClose}>
          Build the alert message
        </Link>
        <Flex gap="small">
          <Button onClick={onClose}>Close</Button>
          <Button variation="primary" onClick={() => copy(url)}>
            Copy URL
          </Button>
        </Flex>
      </Flex>
    </Flex>
  );
}
