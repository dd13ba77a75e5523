import type { ReactNode } from 'react';

export interface MoneyFigure {
  label: string;
  value: ReactNode;
}

/** Label–value pairs that wrap into as many columns as fit (four at 1280 px, two at 400 px). */
export function MoneyFigures({ figures, label }: { figures: readonly MoneyFigure[]; label: string }) {
  return (
    <dl className="money-figures" aria-label={label}>
      {figures.map((figure) => (
        <div key={figure.label} className="money-figures__item">
          <dt>{figure.label}</dt>
          <dd>{figure.value}</dd>
        </div>
      ))}
    </dl>
  );
}
