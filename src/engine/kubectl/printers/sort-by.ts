// kubectl get --sort-by=<jsonpath> (kubectl pkg/cmd/get/sorter.go): the objects ordered by the
// value the expression finds in each (`.metadata.name` and `{.metadata.name}` both work). Numbers
// compare as numbers, strings in natural order (`pod-2` before `pod-10`), booleans false first;
// objects without the field come first. A field no object has, or a map or list value, is an
// error worded as kubectl's.

import type { KObject } from '../../../k8s/types';
import { KubectlError } from '../context';
import { relaxedJsonPathExpression } from './custom-columns';
import { compileJsonPath, JsonPathParseError } from './jsonpath';

/** sortorder.NaturalLess: digit runs compare by value (then by their length), the rest by bytes. */
export function naturalLess(a: string, b: string): boolean {
  let i = 0;
  let j = 0;
  const isDigit = (c: string | undefined) => c !== undefined && c >= '0' && c <= '9';
  while (i < a.length && j < b.length) {
    const ca = a[i];
    const cb = b[j];
    if (isDigit(ca) && isDigit(cb)) {
      let ea = i;
      while (ea < a.length && a[ea] === '0') ea++;
      let eb = j;
      while (eb < b.length && b[eb] === '0') eb++;
      let za = ea;
      while (za < a.length && isDigit(a[za])) za++;
      let zb = eb;
      while (zb < b.length && isDigit(b[zb])) zb++;
      const na = a.slice(ea, za);
      const nb = b.slice(eb, zb);
      if (na.length !== nb.length) return na.length < nb.length;
      if (na !== nb) return na < nb;
      // Same value: fewer leading zeros first.
      if (ea - i !== eb - j) return ea - i < eb - j;
      i = za;
      j = zb;
      continue;
    }
    if (ca !== cb) return ca < cb;
    i++;
    j++;
  }
  return a.length - i < b.length - j;
}

type Sortable = number | string | boolean | undefined;

function sortableValue(obj: KObject, path: ReturnType<typeof compileJsonPath>, field: string): Sortable {
  const results = path.findResults(obj, { allowMissingKeys: true });
  const first = results[0]?.[0];
  if (first === undefined || first === null) return undefined;
  if (typeof first === 'number' || typeof first === 'string' || typeof first === 'boolean') return first;
  throw new KubectlError(`${field} is not sortable: unsortable type: ${Array.isArray(first) ? 'slice' : 'map'}`);
}

function less(a: Sortable, b: Sortable): boolean {
  if (a === undefined) return b !== undefined;
  if (b === undefined) return false;
  if (typeof a === 'number' && typeof b === 'number') return a < b;
  if (typeof a === 'boolean' && typeof b === 'boolean') return !a && b;
  return naturalLess(String(a), String(b));
}

/** The objects sorted (stably) by the --sort-by expression. */
export function sortObjects(objects: KObject[], sortBy: string): KObject[] {
  let path;
  try {
    path = compileJsonPath(relaxedJsonPathExpression(sortBy));
  } catch (e) {
    if (e instanceof JsonPathParseError) throw new KubectlError(e.kubectlMessage);
    if (e instanceof Error) throw new KubectlError(e.message);
    throw e;
  }
  const keyed = objects.map((obj) => ({ obj, key: sortableValue(obj, path, sortBy) }));
  if (objects.length > 1 && keyed.every((k) => k.key === undefined)) {
    throw new KubectlError(`couldn't find any field with path "${relaxedJsonPathExpression(sortBy)}" in the list of objects`);
  }
  return keyed
    .map((k, i) => ({ ...k, i }))
    .sort((x, y) => (less(x.key, y.key) ? -1 : less(y.key, x.key) ? 1 : x.i - y.i))
    .map((k) => k.obj);
}
