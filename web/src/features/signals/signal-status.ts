import type { BadgeVariations } from '@aws-amplify/ui-react';
import type { SignalStatus } from './signal-filters';

/** How each signal status reads as a chip, its meaning in the tooltip. */
export const SIGNAL_STATUS_CHIPS: Readonly<Record<SignalStatus, { label: string; variation: BadgeVariations | undefined; hint: string }>> = {
  queued: { label: 'queued', variation: 'info', hint: 'Waiting for the signal worker.' },
  executed: { label: 'executed', variation: 'success', hint: 'Every order was placed.' },
  partially_executed: { label: 'partially executed', variation: 'warning', hint: 'Some accounts got their order, others not: see the results.' },
  rejected: { label: 'rejected', variation: 'error', hint: 'The body could not be read, or the contract could not be found.' },
  expired: { label: 'expired', variation: 'warning', hint: 'Picked up after its validity window: nothing was placed.' },
  failed: { label: 'failed', variation: 'error', hint: 'Could not be executed; you can replay it.' },
  ignored: { label: 'ignored', variation: undefined, hint: 'The bridge was disconnected, not trading or deleted.' },
};
