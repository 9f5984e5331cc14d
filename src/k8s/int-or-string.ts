// intstr.IntOrString (k8s.io/apimachinery/pkg/util/intstr) as it travels in JSON: a number or a
// string. The helpers are the ones PodDisruptionBudgets need: String(), Parse() (what kubectl
// builds from a flag) and GetScaledValueFromIntOrPercent (percentages of a total, rounded up or
// down), plus how Go's `%#v` prints the struct in validation messages.

export type IntOrString = number | string;

/** Whether a decoded JSON value is an IntOrString at all. */
export function isIntOrString(v: unknown): v is IntOrString {
  return typeof v === 'number' || typeof v === 'string';
}

/** IntOrString.String(): the number in decimal, or the string as is. */
export function intOrStringToString(v: IntOrString): string {
  return typeof v === 'number' ? String(Math.trunc(v)) : v;
}

/** intstr.Parse: a string that is a whole (base-10, int32) number becomes an Int, anything else a String. */
export function parseIntOrString(s: string): IntOrString {
  if (/^[+-]?[0-9]+$/.test(s)) {
    const n = Number(s);
    if (n >= -2147483648 && n <= 2147483647) return n;
  }
  return s;
}

/** Go's `%#v` of an intstr.IntOrString value: `intstr.IntOrString{Type:1, IntVal:0, StrVal:"50"}`. */
export function goSyntaxIntOrString(v: IntOrString): string {
  return typeof v === 'number'
    ? `intstr.IntOrString{Type:0, IntVal:${Math.trunc(v)}, StrVal:""}`
    : `intstr.IntOrString{Type:1, IntVal:0, StrVal:${JSON.stringify(v)}}`;
}

/** strconv.Atoi on an optional sign and decimal digits. */
function atoi(s: string): number | undefined {
  return /^[+-]?[0-9]+$/.test(s) ? Number(s) : undefined;
}

/**
 * intstr.GetScaledValueFromIntOrPercent: an int as is; `"N%"` as N% of `total`, rounded up (ceil)
 * or down. Throws an Error with upstream's wording for a string that is not a percentage.
 */
export function scaledValueFromIntOrPercent(v: IntOrString | null | undefined, total: number, roundUp: boolean): number {
  if (v === null || v === undefined) throw new Error('nil value for IntOrString');
  if (typeof v === 'number') return Math.trunc(v);
  if (!v.endsWith('%')) throw new Error('invalid value for IntOrString: invalid type: string is not a percentage');
  const n = atoi(v.slice(0, -1));
  if (n === undefined) {
    throw new Error(
      `invalid value for IntOrString: invalid value ${JSON.stringify(v)}: strconv.Atoi: parsing ${JSON.stringify(v.slice(0, -1))}: invalid syntax`,
    );
  }
  return roundUp ? Math.ceil((n * total) / 100) : Math.floor((n * total) / 100);
}
