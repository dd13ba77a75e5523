import type { Bridge } from '@shared/contracts/bridge';
import { BRIDGE_FIGURES } from '../bridge-figures';
import { BridgeFigureValue } from './bridge-figure-value';

/** A bridge's figures as a compact list of terms and values. */
export function BridgeFiguresList({ bridge }: { bridge: Bridge }) {
  return (
    <dl className="bridge-figures">
      {BRIDGE_FIGURES.map((figure) => (
        <div key={figure.label} className="bridge-figures__figure">
          <dt>{figure.label}</dt>
          <dd>
            <BridgeFigureValue figure={figure} bridge={bridge} />
          </dd>
        </div>
      ))}
    </dl>
  );
}
