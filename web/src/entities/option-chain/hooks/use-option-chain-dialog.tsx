import { useCallback, useState, type ReactElement } from 'react';
import { OptionChainDialog, type OptionChainRequest } from '../components/option-chain-dialog';

/** A page's option chain: `open({ underlying, exchange })` shows it, render `dialog` once on the page. */
export function useOptionChainDialog(): { dialog: ReactElement | null; open: (request: OptionChainRequest) => void } {
  const [request, setRequest] = useState<OptionChainRequest | null>(null);
  const close = useCallback(() => setRequest(null), []);
  const dialog = request ? <OptionChainDialog key={`${request.exchange}:${request.underlying}`} request={request} onClose={close} /> : null;
  return { dialog, open: (next) => setRequest({ underlying: next.underlying, exchange: next.exchange }) };
}
