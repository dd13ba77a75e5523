import { Flex, Heading, Text } from '@aws-amplify/ui-react';
import { ErrorState } from '@/components/error-state';
import { LoadingState } from '@/components/loading-state';
import { errorText } from '@/lib/error-text';
import { usePanelConfigs } from '../api/use-panel-configs';
import { ConfigSectionCard } from '../components/config-section-card';
import { CONFIG_SECTIONS } from '../config-sections';
import '../configs.css';

/**
 * The franchise's settings (spec §2 /configs, broker panel or white label): one card per config group the
 * API lets the caller see, in its order, each saved on its own. Groups the caller may only read are shown
 * with their fields disabled.
 */
export function ConfigsPage() {
  const configs = usePanelConfigs();
  const shown = (configs.data?.groups ?? []).flatMap((view) => {
    const Section = CONFIG_SECTIONS[view.config_type];
    return Section ? [{ view, Section }] : [];
  });
  return (
    <Flex direction="column" gap="large" className="configs-page">
      <Heading level={2}>Configs</Heading>
      {configs.isPending ? <LoadingState label="Loading settings…" /> : null}
      {configs.isError ? <ErrorState message={errorText(configs.error)} onRetry={() => void configs.refetch()} /> : null}
      {configs.isSuccess && shown.length === 0 ? <Text>There are no settings for you to see here yet.</Text> : null}
      {shown.map(({ view, Section }) => (
        <ConfigSectionCard key={view.config_type} view={view}>
          <Section key={view.updated_at ?? 'defaults'} view={view} />
        </ConfigSectionCard>
      ))}
    </Flex>
  );
}
