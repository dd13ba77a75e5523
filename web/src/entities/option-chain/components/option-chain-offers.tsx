import { Button, Text } from '@aws-amplify/ui-react';
import type { OptionUnderlying } from '@shared/contracts/option-chain';
import { useOptionChainOffers } from '../api/use-option-chain-offers';
import { displayExpiry } from '../chain-figures';
import '../option-chain.css';

interface OptionChainOffersProps {
  /** What was typed in the search box (settled). */
  query: string;
  onOpen: (offer: OptionUnderlying) => void;
}

/** Above a script search's results: the option chain of each underlying the text names (NIFTY, BANKNIFTY…). */
export function OptionChainOffers({ query, onOpen }: OptionChainOffersProps) {
  const offers = useOptionChainOffers(query);
  if (!offers.data || offers.data.length === 0) return null;
  return (
    <ul className="option-chain-offers" aria-label="Option chains">
      {offers.data.map((offer) => (
        <li key={`${offer.exchange}:${offer.underlying}`} className="option-chain-offers__item">
          <span>
            <Text as="span" fontWeight="semibold" display="block">
              {offer.underlying} option chain
            </Text>
            <Text as="span" variation="secondary" fontSize="small">
              {offer.exchange} · {offer.expiry_count} expir{offer.expiry_count === 1 ? 'y' : 'ies'}, nearest {displayExpiry(offer.nearest_expiry)} · {offer.lot_size} per lot
            </Text>
          </span>
          <Button size="small" variation="primary" aria-label={`Open the ${offer.underlying} option chain`} onClick={() => onOpen(offer)}>
            Option chain
          </Button>
        </li>
      ))}
    </ul>
  );
}
