import { Card, Flex, Heading, Text } from '@aws-amplify/ui-react';
import type { ReactNode } from 'react';
import type { ConfigGroupView } from '@shared/contracts/panel-configs';
import { lastSavedText } from '../last-saved-text';

/** One group's card on /configs: its title, who saved it last (or that it still has the defaults), whether it can be changed here, and its form. */
export function ConfigSectionCard({ view, children }: { view: ConfigGroupView; children: ReactNode }) {
  const headingId = `config-${view.config_type.toLowerCase()}-heading`;
  return (
    <Card variation="outlined" as="section" aria-labelledby={headingId} className="configs-page__card">
      <Flex direction="column" gap="medium">
        <Flex direction="column" gap="xxs">
          <Heading level={3} id={headingId}>
            {view.title}
          </Heading>
          <Text variation="secondary" fontSize="small">
            {lastSavedText(view)}
          </Text>
          {view.editable ? null : <Text fontSize="small">Only the broker panel may change these settings.</Text>}
        </Flex>
        {children}
      </Flex>
    </Card>
  );
}
