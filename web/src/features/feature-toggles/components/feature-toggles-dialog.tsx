import { Button, Flex, SwitchField, Text } from '@aws-amplify/ui-react';
import { FEATURE_TOGGLE_LABELS, FEATURE_TOGGLES } from '@shared/domain/feature-toggles';
import { ModalDialog } from '@/components/modal-dialog';
import { setFeatureEnabled } from '@/entities/feature-toggles/feature-toggle-store';
import { useFeatureToggles } from '@/entities/feature-toggles/use-feature-toggles';

/** One switch per feature toggle (spec §3); a change applies at once, menus and routes follow. */
export function FeatureTogglesDialog({ onClose }: { onClose: () => void }) {
  const enabled = useFeatureToggles();
  return (
    <ModalDialog title="Features" onClose={onClose}>
      <Flex direction="column" gap="medium">
        <Text variation="secondary">Turn screens on or off for this browser. Changes apply at once.</Text>
        <Flex direction="column" gap="small">
          {FEATURE_TOGGLES.map((feature) => (
            <SwitchField
              key={feature}
              label={FEATURE_TOGGLE_LABELS[feature]}
              labelPosition="end"
              isChecked={enabled.has(feature)}
              onChange={(event) => setFeatureEnabled(feature, event.target.checked)}
            />
          ))}
        </Flex>
        <Flex justifyContent="flex-end">
          <Button onClick={onClose}>Close</Button>
        </Flex>
      </Flex>
    </ModalDialog>
  );
}
