import { Button, Flex, Text } from '@aws-amplify/ui-react';
import type { Bridge } from '@shared/contracts/bridge';
import type { DialogSlot } from '@/components/use-dialog-slot';
import type { ManualDirection } from '../api/use-fire-bridge';
import { FireSignalDialog } from './fire-signal-dialog';

/** The directions a trader fires by hand from the page (NONE closes like EXIT, so it is not offered twice). */
const FIRED_BY_HAND: readonly ManualDirection[] = ['UP', 'DOWN', 'EXIT'];

/** "Fire UP / DOWN / EXIT now": each asks first, since it places real orders. */
export function FireSignalButtons({ bridge, dialogs }: { bridge: Bridge; dialogs: DialogSlot }) {
  return (
    <Flex direction="column" gap="xxs" className="fire-signal">
      <Text fontSize="small" variation="secondary">
        Test the bridge without an alert:
      </Text>
      <Flex gap="xs" wrap="wrap">
        {FIRED_BY_HAND.map((direction) => (
          <Button key={direction} size="small" onClick={() => dialogs.open(<FireSignalDialog bridge={bridge} direction={direction} onClose={dialogs.close} />)}>
            Fire {direction} now
          </Button>
        ))}
      </Flex>
    </Flex>
  );
}
