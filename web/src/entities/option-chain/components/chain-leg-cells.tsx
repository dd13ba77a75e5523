import { Button, Text, VisuallyHidden } from '@aws-amplify/ui-react';
import type { OptionChainLeg } from '@shared/contracts/option-chain';
import { directionOf } from '@/lib/price-direction';
import { formatPrice } from '@/lib/format/price';
import { formatSignedPrice } from '../chain-format';
import { formatOpenInterest, formatOpenInterestChange } from '../chain-figures';

export type Side = 'ce' | 'pe';
export type Action = 'BUY' | 'SELL';

export interface ChainCellTools {
  trade: (leg: OptionChainLeg, action: Action) => void;
  chart: (leg: OptionChainLeg) => void;
}

/** The move since the previous close, coloured by direction and read out in words. */
export function LegChange({ leg, compact = false }: { leg: OptionChainLeg; compact?: boolean }) {
  if (leg.change === null) return <span className="option-chain__change option-chain__change--flat">—</span>;
  const direction = directionOf(leg.change);
  const spoken = direction === 'up' ? 'up' : direction === 'down' ? 'down' : 'unchanged';
  return (
    <span className={`option-chain__change option-chain__change--${direction}`} data-direction={direction}>
      <VisuallyHidden>{spoken} </VisuallyHidden>
      {formatSignedPrice(leg.change)}
      {leg.change_percent === null || compact ? '' : ` (${formatSignedPrice(leg.change_percent)}%)`}
    </span>
  );
}

/** The LTP, a button that opens the contract's chart; on phones the change and OI sit under it. */
export function LegPrice({ leg, tools }: { leg: OptionChainLeg; tools: ChainCellTools }) {
  return (
    <>
      <button type="button" className="option-chain__ltp" aria-label={`Chart of ${leg.display_name}, last price ${formatPrice(leg.ltp)}`} onClick={() => tools.chart(leg)}>
        {formatPrice(leg.ltp)}
      </button>
      <span className="option-chain__narrow">
        <LegChange leg={leg} compact />
        <Text as="span" variation="secondary" fontSize="xs" display="block">
          OI {formatOpenInterest(leg.oi)}
        </Text>
      </span>
    </>
  );
}

/** Buy and Sell: open the order ticket for the contract, on that side. */
export function LegTrade({ leg, tools }: { leg: OptionChainLeg; tools: ChainCellTools }) {
  return (
    <span className="option-chain__trade">
      <Button size="small" variation="primary" className="option-chain__buy" aria-label={`Buy ${leg.display_name}`} onClick={() => tools.trade(leg, 'BUY')}>
        B
      </Button>
      <Button size="small" variation="destructive" className="option-chain__sell" aria-label={`Sell ${leg.display_name}`} onClick={() => tools.trade(leg, 'SELL')}>
        S
      </Button>
    </span>
  );
}

export function LegOpenInterest({ leg }: { leg: OptionChainLeg }) {
  return <span title={leg.oi === null ? undefined : `${leg.oi.toLocaleString('en-IN')} units`}>{formatOpenInterest(leg.oi)}</span>;
}

export function LegOpenInterestChange({ leg }: { leg: OptionChainLeg }) {
  return <span>{formatOpenInterestChange(leg.oi_change)}</span>;
}
