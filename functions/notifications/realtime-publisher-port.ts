import type { RealtimeMessage } from '../../shared/contracts/realtime';

/** Delivers one message to one open connection; 'gone' when the connection no longer exists. */
export interface RealtimePublisher {
  send(connectionId: string, message: RealtimeMessage): Promise<'sent' | 'gone'>;
}
