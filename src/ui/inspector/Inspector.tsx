// Slot for the inspector (being built).
export function Inspector() {
  return null;
}
