/**
 * Name and label validators that return the same error strings as
 * k8s.io/apimachinery/pkg/util/validation (and pkg/api/validate/content),
 * plus the path-segment check and generateName helper used by the apiserver.
 *
 * Each validator returns an array of human-readable problems; an empty array
 * means the value is valid. Texts are printed verbatim by kubectl, so they
 * must match upstream character for character.
 */

// Upstream measures lengths with Go's len(), i.e. in UTF-8 bytes, and current
// releases say so in the message ("must be no more than 63 bytes").
export function maxLenError(length: number): string {
  return `must be no more than ${length} bytes`;
}

/** Builds "<msg> (e.g. 'a',  or 'b', regex used for validation is '<re>')" exactly like upstream, double space included. */
export function regexError(msg: string, re: string, ...examples: string[]): string {
  if (examples.length === 0) {
    return `${msg} (regex used for validation is '${re}')`;
  }
  const shown = examples.map((e) => `'${e}', `).join(' or ');
  return `${msg} (e.g. ${shown}regex used for validation is '${re}')`;
}

export function emptyError(): string {
  return 'must be non-empty';
}

/** Length of a string in UTF-8 bytes, which is what Go's len() reports. */
export function utf8Length(s: string): number {
  let bytes = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const next = s.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        bytes += 4;
        i++;
      } else {
        bytes += 3; // lone surrogate: Go would see U+FFFD
      }
    } else bytes += 3;
  }
  return bytes;
}

export const DNS1123_LABEL_MAX_LENGTH = 63;
export const DNS1123_SUBDOMAIN_MAX_LENGTH = 253;
export const DNS1035_LABEL_MAX_LENGTH = 63;
export const LABEL_VALUE_MAX_LENGTH = 63;
export const QUALIFIED_NAME_MAX_LENGTH = 63;

const DNS1123_LABEL_FMT = '[a-z0-9]([-a-z0-9]*[a-z0-9])?';
const DNS1123_LABEL_ERR_MSG =
  "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character";
const DNS1123_SUBDOMAIN_FMT = `${DNS1123_LABEL_FMT}(\\.${DNS1123_LABEL_FMT})*`;
const DNS1123_SUBDOMAIN_ERR_MSG =
  "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character";
const DNS1035_LABEL_FMT = '[a-z]([-a-z0-9]*[a-z0-9])?';
const DNS1035_LABEL_ERR_MSG =
  "a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character";
const QUALIFIED_NAME_FMT = '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]';
const QUALIFIED_NAME_ERR_MSG =
  "must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character";
const LABEL_VALUE_FMT = `(${QUALIFIED_NAME_FMT})?`;
const LABEL_VALUE_ERR_MSG =
  "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character";

const dns1123LabelRe = new RegExp(`^${DNS1123_LABEL_FMT}$`);
const dns1123SubdomainRe = new RegExp(`^${DNS1123_SUBDOMAIN_FMT}$`);
const dns1035LabelRe = new RegExp(`^${DNS1035_LABEL_FMT}$`);
const qualifiedNameRe = new RegExp(`^${QUALIFIED_NAME_FMT}$`);
const labelValueRe = new RegExp(`^${LABEL_VALUE_FMT}$`);

/** validation.IsDNS1123Label: e.g. Service names, container names. */
export function isDNS1123Label(value: string): string[] {
  const errs: string[] = [];
  if (utf8Length(value) > DNS1123_LABEL_MAX_LENGTH) errs.push(maxLenError(DNS1123_LABEL_MAX_LENGTH));
  if (!dns1123LabelRe.test(value)) {
    // A valid subdomain that is not a valid label can only be failing on dots.
    if (dns1123SubdomainRe.test(value)) errs.push('must not contain dots');
    else errs.push(regexError(DNS1123_LABEL_ERR_MSG, DNS1123_LABEL_FMT, 'my-name', '123-abc'));
  }
  return errs;
}

/** validation.IsDNS1123Subdomain: most object names (pods, deployments, ...). */
export function isDNS1123Subdomain(value: string): string[] {
  const errs: string[] = [];
  if (utf8Length(value) > DNS1123_SUBDOMAIN_MAX_LENGTH) errs.push(maxLenError(DNS1123_SUBDOMAIN_MAX_LENGTH));
  if (!dns1123SubdomainRe.test(value)) {
    errs.push(regexError(DNS1123_SUBDOMAIN_ERR_MSG, DNS1123_SUBDOMAIN_FMT, 'example.com'));
  }
  return errs;
}

/** validation.IsDNS1035Label: e.g. Service names with a leading letter requirement. */
export function isDNS1035Label(value: string): string[] {
  const errs: string[] = [];
  if (utf8Length(value) > DNS1035_LABEL_MAX_LENGTH) errs.push(maxLenError(DNS1035_LABEL_MAX_LENGTH));
  if (!dns1035LabelRe.test(value)) {
    errs.push(regexError(DNS1035_LABEL_ERR_MSG, DNS1035_LABEL_FMT, 'my-name', 'abc-123'));
  }
  return errs;
}

/** validation.IsQualifiedName (= label key): optional DNS-subdomain prefix, '/', and a name part. */
export function isQualifiedName(value: string): string[] {
  const errs: string[] = [];
  const parts = value.split('/');
  let name: string;
  if (parts.length === 1) {
    name = parts[0];
  } else if (parts.length === 2) {
    const prefix = parts[0];
    name = parts[1];
    if (prefix.length === 0) {
      errs.push(`prefix part ${emptyError()}`);
    } else {
      for (const msg of isDNS1123Subdomain(prefix)) errs.push(`prefix part ${msg}`);
    }
  } else {
    return [
      `a valid label key ${regexError(QUALIFIED_NAME_ERR_MSG, QUALIFIED_NAME_FMT, 'MyName', 'my.name', '123-abc')}` +
        " with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')",
    ];
  }
  if (name.length === 0) {
    errs.push(`name part ${emptyError()}`);
  } else if (utf8Length(name) > QUALIFIED_NAME_MAX_LENGTH) {
    errs.push(`name part ${maxLenError(QUALIFIED_NAME_MAX_LENGTH)}`);
  }
  if (!qualifiedNameRe.test(name)) {
    errs.push(`name part ${regexError(QUALIFIED_NAME_ERR_MSG, QUALIFIED_NAME_FMT, 'MyName', 'my.name', '123-abc')}`);
  }
  return errs;
}

/** validation.IsValidLabelValue: empty is allowed. */
export function isValidLabelValue(value: string): string[] {
  const errs: string[] = [];
  if (utf8Length(value) > LABEL_VALUE_MAX_LENGTH) errs.push(maxLenError(LABEL_VALUE_MAX_LENGTH));
  if (!labelValueRe.test(value)) {
    errs.push(regexError(LABEL_VALUE_ERR_MSG, LABEL_VALUE_FMT, 'MyValue', 'my_value', '12345'));
  }
  return errs;
}

// Names travel as URL path segments and etcd keys, hence these restrictions.
const PATH_SEGMENT_MAY_NOT_BE = ['.', '..'];
const PATH_SEGMENT_MAY_NOT_CONTAIN = ['/', '%'];

/** path.IsValidPathSegmentName. Note: does not reject empty names (upstream neither). */
export function isValidPathSegmentName(name: string): string[] {
  for (const illegal of PATH_SEGMENT_MAY_NOT_BE) {
    if (name === illegal) return [`may not be '${illegal}'`];
  }
  return isValidPathSegmentPrefix(name);
}

/** path.IsValidPathSegmentPrefix: used for generateName, where a suffix will follow. */
export function isValidPathSegmentPrefix(name: string): string[] {
  const errs: string[] = [];
  for (const illegal of PATH_SEGMENT_MAY_NOT_CONTAIN) {
    if (name.includes(illegal)) errs.push(`may not contain '${illegal}'`);
  }
  return errs;
}

/** path.ValidatePathSegmentName: prefix=true when validating a generateName. */
export function validatePathSegmentName(name: string, prefix: boolean): string[] {
  return prefix ? isValidPathSegmentPrefix(name) : isValidPathSegmentName(name);
}

// A generateName such as "web-" is valid even though a DNS name cannot end in
// '-': upstream swaps the tail for "a" before validating. The odd "-2" slice
// (it drops two characters, not one) is upstream's and kept for parity.
function maskTrailingDash(name: string): string {
  if (name.length > 1 && name.endsWith('-')) return `${name.slice(0, name.length - 2)}a`;
  return name;
}

/** apimachinery api/validation NameIsDNSSubdomain (pods, most workloads). */
export function nameIsDNSSubdomain(name: string, prefix: boolean): string[] {
  return isDNS1123Subdomain(prefix ? maskTrailingDash(name) : name);
}

/** apimachinery api/validation NameIsDNSLabel. */
export function nameIsDNSLabel(name: string, prefix: boolean): string[] {
  return isDNS1123Label(prefix ? maskTrailingDash(name) : name);
}

/** apimachinery api/validation NameIsDNS1035Label (e.g. Service names). */
export function nameIsDNS1035Label(name: string, prefix: boolean): string[] {
  return isDNS1035Label(prefix ? maskTrailingDash(name) : name);
}

/** apimachinery util/rand alphanums: no vowels (avoids words) and no confusable 0/1/3. */
export const GENERATE_NAME_ALPHABET = 'bcdfghjklmnpqrstvwxz2456789';
export const GENERATE_NAME_RANDOM_LENGTH = 5;
/** 63 (max name length) minus the 5 random characters. */
export const MAX_GENERATED_NAME_PREFIX_LENGTH = 58;

/**
 * apiserver names.SimpleNameGenerator: truncate the base to 58 characters and
 * append 5 random characters. Randomness is injected so callers can use a
 * seeded generator.
 */
export function generateNameFor(base: string, random: (alphabet: string, n: number) => string): string {
  const prefix = base.length > MAX_GENERATED_NAME_PREFIX_LENGTH ? base.slice(0, MAX_GENERATED_NAME_PREFIX_LENGTH) : base;
  return prefix + random(GENERATE_NAME_ALPHABET, GENERATE_NAME_RANDOM_LENGTH);
}
