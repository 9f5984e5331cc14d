// tablist-keys: the WAI-ARIA tabs keyboard pattern (←/→ wrap around, Home/End) as one pure
// function, shared by every tablist on the page.

/** The index a key moves the focused tab to, or -1 when the key is not a tab key. */
export function tabIndexAfterKey(key: string, index: number, count: number): number {
  if (count <= 0) return -1;
  switch (key) {
    case 'ArrowRight':
      return (index + 1) % count;
    case 'ArrowLeft':
      return (index - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return -1;
  }
}
