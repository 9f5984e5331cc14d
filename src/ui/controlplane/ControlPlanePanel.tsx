// Slot for the control-plane panel (being built).
export function ControlPlanePanel() {
  return null;
}
