// The interval text of an Indexed Job's index sets (status.completedIndexes, status.failedIndexes,
// successPolicy.rules[].succeededIndexes): "1,3-5,7" — single indexes and ranges of three or
// more, ascending (pkg/controller/job/indexed_job_utils.go; pkg/apis/batch/validation
// validateIndexesFormat).

export interface IndexInterval {
  first: number;
  last: number;
}

/** Sorted, de-duplicated indexes as intervals of consecutive numbers. */
export function intervalsOf(indexes: Iterable<number>): IndexInterval[] {
  const sorted = [...new Set(indexes)].sort((a, b) => a - b);
  const out: IndexInterval[] = [];
  for (const x of sorted) {
    const last = out[out.length - 1];
    if (last && last.last + 1 === x) last.last = x;
    else out.push({ first: x, last: x });
  }
  return out;
}

/**
 * The compressed text: a run of two is written as two numbers ("3,4"), a run of three or more
 * as a range ("3-5") — as orderedIntervals.String does.
 */
export function formatIndexes(indexes: Iterable<number>): string {
  const parts: string[] = [];
  for (const { first, last } of intervalsOf(indexes)) {
    if (first === last) parts.push(String(first));
    else if (last === first + 1) parts.push(String(first), String(last));
    else parts.push(`${first}-${last}`);
  }
  return parts.join(',');
}

/**
 * Parses the text leniently as the controller does (parseIndexesFromString): fragments that do
 * not parse, and indexes at or beyond `completions`, are skipped.
 */
export function parseIndexes(text: string | undefined, completions: number): Set<number> {
  const out = new Set<number>();
  if (!text) return out;
  for (const fragment of text.split(',')) {
    const limits = fragment.split('-');
    const first = Number.parseInt(limits[0], 10);
    if (!/^\d+$/.test(limits[0]) || first >= completions) continue;
    let last = first;
    if (limits.length > 1) {
      if (!/^\d+$/.test(limits[1])) continue;
      last = Math.min(Number.parseInt(limits[1], 10), completions - 1);
    }
    for (let i = first; i <= last; i++) out.add(i);
  }
  return out;
}

/**
 * validateIndexesFormat: the number of indexes the text names, or the error text the API server
 * puts after `error parsing …: `.
 */
export function checkIndexesFormat(text: string, completions: number): { total: number } | { error: string } {
  if (text.length === 0) return { total: 0 };
  let lastIndex: number | undefined;
  let total = 0;
  const atoi = (s: string) => (/^[+-]?\d+$/.test(s) ? Number.parseInt(s, 10) : undefined);
  for (const interval of text.split(',')) {
    const limits = interval.split('-');
    if (limits.length > 2) {
      return {
        error: `the fragment ${JSON.stringify(interval)} violates the requirement that an index interval can have at most two parts separated by '-'`,
      };
    }
    const x = atoi(limits[0]);
    if (x === undefined) return { error: `cannot convert string to integer for index: ${JSON.stringify(limits[0])}` };
    if (x >= completions) return { error: `too large index: ${JSON.stringify(limits[0])}` };
    if (lastIndex !== undefined && lastIndex >= x)
      return { error: `non-increasing order, previous: ${lastIndex}, current: ${x}` };
    total++;
    lastIndex = x;
    if (limits.length > 1) {
      const y = atoi(limits[1]);
      if (y === undefined) return { error: `cannot convert string to integer for index: ${JSON.stringify(limits[1])}` };
      if (y >= completions) return { error: `too large index: ${JSON.stringify(limits[1])}` };
      if (lastIndex >= y) return { error: `non-increasing order, previous: ${lastIndex}, current: ${y}` };
      total += y - x;
      lastIndex = y;
    }
  }
  return { total };
}
