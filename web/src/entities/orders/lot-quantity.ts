import { quantityLabelOf, type QuantityLabel } from '@shared/contracts/orders';
import type { EXCHANGES } from '@shared/domain/ranges';

type Exchange = (typeof EXCHANGES)[number];

/** How an order's quantity is entered: the field's label, and the lot size when it is counted in lots. */
export interface QuantityUnit {
  label: QuantityLabel;
  /** Set for 'Order Lot': one entered lot sends this many units. Null: the field holds units. */
  lotSize: number | null;
}

/**
 * Spec §5: the quantity field is labelled 'Quantity' on the cash exchanges and 'Order Lot' on the
 * derivative ones. An order lot is entered as a number of lots and sent as units (lots × lot size),
 * which is what the order contract carries and what the server checks is a whole number of lots.
 * A row whose exchange or lot size the broker did not report is entered in units.
 */
export function quantityUnitOf(script: { exchange: Exchange | null; lot_size: number | null }): QuantityUnit {
  if (script.exchange === null) return { label: 'Quantity', lotSize: null };
  const label = quantityLabelOf(script.exchange);
  return { label, lotSize: label === 'Order Lot' && script.lot_size !== null ? script.lot_size : null };
}

/** The units an entered amount stands for. */
export function unitsOf(entered: number, unit: QuantityUnit): number {
  return unit.lotSize === null ? entered : entered * unit.lotSize;
}

/** The amount the field shows for a number of units (the inverse of `unitsOf`). */
export function enteredOf(units: number, unit: QuantityUnit): number {
  return unit.lotSize === null ? units : units / unit.lotSize;
}

/** The sum a lot field spells out under itself: "2 lots × 65 = 130 units". */
export function lotArithmetic(lots: number, lotSize: number): string {
  return `${lots} ${lots === 1 ? 'lot' : 'lots'} × ${lotSize} = ${lots * lotSize} units`;
}

/** Units with the whole lots they make where the script trades in lots: "130 (2 lots)", "-65 (-1 lot)", "10". */
export function unitsWithLots(units: number, unit: QuantityUnit): string {
  const lots = unit.lotSize === null ? null : units / unit.lotSize;
  if (lots === null || lots === 0 || !Number.isInteger(lots)) return String(units);
  return `${units} (${lots} ${Math.abs(lots) === 1 ? 'lot' : 'lots'})`;
}
