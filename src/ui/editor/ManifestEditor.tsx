// Slot for the Monaco manifest editor (being built).
export default function ManifestEditor() {
  return null;
}
