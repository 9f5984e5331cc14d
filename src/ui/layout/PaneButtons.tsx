// PaneButtons: the bottom strip's pane switches — show / hide the side column, collapse the
// bottom panel to its tabs, give it the whole workspace (the editor at full width and height).
// Disclosure buttons: a fixed name, the state in aria-expanded / aria-pressed.

import { usePaneLayout } from './pane-layout';

function Icon({ d }: { d: string }) {
  return (
    <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <path d={d} fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/** A window outline with its right column / bottom row / whole body marked. */
const SIDE_ICON = 'M2.5 3.5h11v9h-11zM10 3.5v9';
const BOTTOM_ICON = 'M2.5 3.5h11v9h-11zM2.5 9h11';
const MAXIMIZE_ICON = 'M6 2.5H2.5V6M10 2.5h3.5V6M6 13.5H2.5V10M10 13.5h3.5V10';
const RESTORE_ICON = 'M2.5 6H6V2.5M13.5 6H10V2.5M2.5 10H6v3.5M13.5 10H10v3.5';

/** One pane switch: an icon button whose state is in aria-expanded or aria-pressed. */
function PaneButton({
  label,
  title,
  icon,
  onClick,
  ...state
}: {
  label: string;
  title: string;
  icon: string;
  onClick(): void;
  'aria-controls'?: string;
  'aria-expanded'?: boolean;
  'aria-pressed'?: boolean;
}) {
  return (
    <button type="button" className="btn btn-icon btn-pane" aria-label={label} title={title} onClick={onClick} {...state}>
      <Icon d={icon} />
    </button>
  );
}

export function PaneButtons({ side, top }: { side: boolean; top: boolean }) {
  const layout = usePaneLayout();
  if (!top) return null;
  return (
    <div className="pane-buttons" role="group" aria-label="Panes">
      {side && (
        <PaneButton
          label="Side panel"
          aria-controls="kubeplay-side"
          aria-expanded={!layout.sideCollapsed && !layout.bottomMaximized}
          title={
            layout.sideCollapsed ? 'Show the inspector and control-plane column' : 'Hide the inspector and control-plane column'
          }
          icon={SIDE_ICON}
          onClick={layout.toggleSide}
        />
      )}
      <PaneButton
        label="Bottom panel"
        aria-controls="kubeplay-bottom"
        aria-expanded={!layout.bottomCollapsed}
        title={layout.bottomCollapsed ? 'Open the bottom panel' : 'Collapse the bottom panel to its tabs'}
        icon={BOTTOM_ICON}
        onClick={layout.toggleBottom}
      />
      <PaneButton
        label="Maximize bottom panel"
        aria-pressed={layout.bottomMaximized}
        title={
          layout.bottomMaximized ? 'Bring the cluster back' : 'Give the bottom panel the whole page (the editor at full size)'
        }
        icon={layout.bottomMaximized ? RESTORE_ICON : MAXIMIZE_ICON}
        onClick={layout.toggleMaximized}
      />
    </div>
  );
}
