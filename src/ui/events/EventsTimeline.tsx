// Slot for the events timeline (being built).
export function EventsTimeline() {
  return null;
}
