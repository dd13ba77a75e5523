import { ToggleButton, ToggleButtonGroup } from '@aws-amplify/ui-react';
import { VIEW_MODES } from '@shared/domain/ranges';
import { isViewMode, VIEW_MODE_LABELS, type ViewMode } from './view-mode';
import './view-mode-toggle.css';

/** Cards or table (spec §2 view modes). */
export function ViewModeToggle({ mode, onChange }: { mode: ViewMode; onChange: (mode: ViewMode) => void }) {
  return (
    <ToggleButtonGroup
      size="small"
      className="view-mode-toggle"
      value={mode}
      isExclusive
      isSelectionRequired
      aria-label="View accounts as"
      onChange={(value) => {
        const chosen = Array.isArray(value) ? (value[0] ?? null) : (value ?? null);
        if (isViewMode(chosen)) onChange(chosen);
      }}
    >
      {VIEW_MODES.map((viewMode) => (
        <ToggleButton key={viewMode} value={viewMode}>
          {VIEW_MODE_LABELS[viewMode]}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
