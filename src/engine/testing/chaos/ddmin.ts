// Delta debugging (Zeller and Hildebrandt's ddmin): the smallest list of items — here script
// commands — it can find that still fails, by trying to drop chunks of ever finer granularity.
// The result is 1-minimal: dropping any single remaining item makes the failure go away.

/**
 * Reduces `items` while `fails(subset)` holds (it must hold for `items`). `budget` bounds the
 * number of `fails` calls; when it runs out the smallest failing list found so far is returned.
 */
export function ddmin<T>(items: readonly T[], fails: (subset: readonly T[]) => boolean, budget = 500): T[] {
  let current = [...items];
  let granularity = 2;
  let calls = 0;
  const test = (subset: readonly T[]) => calls++ < budget && fails(subset);
  while (current.length >= 2 && calls < budget) {
    const chunk = Math.ceil(current.length / granularity);
    const chunks: T[][] = [];
    for (let i = 0; i < current.length; i += chunk) chunks.push(current.slice(i, i + chunk));
    let reduced = false;
    // A chunk alone fails: keep only it.
    for (const c of chunks) {
      if (test(c)) {
        current = c;
        granularity = 2;
        reduced = true;
        break;
      }
    }
    // The list without a chunk fails: drop that chunk.
    if (!reduced) {
      for (let i = 0; i < chunks.length; i++) {
        const complement = chunks.filter((_, j) => j !== i).flat();
        if (test(complement)) {
          current = complement;
          granularity = Math.max(granularity - 1, 2);
          reduced = true;
          break;
        }
      }
    }
    if (!reduced) {
      if (granularity >= current.length) break;
      granularity = Math.min(granularity * 2, current.length);
    }
  }
  return current;
}
