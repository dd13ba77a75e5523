import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import type { RealtimeMessage } from '@shared/contracts/realtime';
import { readValidToken } from '@/lib/auth-storage';
import { openRealtimeSocket } from '@/lib/realtime-socket';
import { getRuntimeConfig } from '@/lib/runtime-config';

type Listener = (message: RealtimeMessage) => void;

/** The signed-in page's one realtime socket, shared by whoever listens (alerts, the credit badge, …). */
interface RealtimeChannel {
  listen(listener: Listener): () => void;
}

const RealtimeChannelContext = createContext<RealtimeChannel | null>(null);

function createChannel(): RealtimeChannel & { deliver: Listener } {
  const listeners = new Set<Listener>();
  return {
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    deliver(message) {
      for (const listener of [...listeners]) listener(message);
    },
  };
}

/**
 * Keeps the realtime channel open while it is mounted (the signed-in layout), reconnecting as the socket
 * does, and hands every message to the listeners below it.
 */
export function RealtimeChannelProvider({ children }: { readonly children: ReactNode }) {
  const [channel] = useState(createChannel);
  useEffect(() => openRealtimeSocket({ url: getRuntimeConfig().realtimeUrl, token: () => readValidToken(), onMessage: channel.deliver }), [channel]);
  return <RealtimeChannelContext.Provider value={channel}>{children}</RealtimeChannelContext.Provider>;
}

/** Calls `onMessage` with every message of the channel while the component is mounted (the latest `onMessage` each time). */
export function useRealtimeMessages(onMessage: Listener): void {
  const channel = useContext(RealtimeChannelContext);
  if (!channel) throw new Error('useRealtimeMessages needs a RealtimeChannelProvider above it');
  const latest = useRef(onMessage);
  useEffect(() => {
    latest.current = onMessage;
  });
  useEffect(() => channel.listen((message) => latest.current(message)), [channel]);
}
