// Image reference parsing, just enough to pick a container's default imagePullPolicy the way
// k8s.io/kubernetes/pkg/util/parsers.ParseImageName does (distribution "normalized named" grammar):
// an unparsable reference yields no tag; a reference with neither tag nor digest gets "latest".

// Grammar (github.com/distribution/reference):
//   reference  := name [ ":" tag ] [ "@" digest ]
//   name       := [ domain "/" ] path-component ( "/" path-component )*
//   domain     := host [ ":" port ]
const domainComponent = '(?:[a-zA-Z0-9]|[a-zA-Z0-9][a-zA-Z0-9-]*[a-zA-Z0-9])';
const domainName = `${domainComponent}(?:\\.${domainComponent})*`;
const ipv6 = '\\[[a-fA-F0-9:]+\\]';
const domain = `(?:${domainName}|${ipv6})(?::[0-9]+)?`;
const alnum = '[a-z0-9]+';
const separator = '(?:[._]|__|[-]+)';
const pathComponent = `${alnum}(?:${separator}${alnum})*`;
const remote = `${pathComponent}(?:/${pathComponent})*`;
const tag = '[\\w][\\w.-]{0,127}';
const digest = '[A-Za-z][A-Za-z0-9]*(?:[-_+.][A-Za-z][A-Za-z0-9]*)*:[0-9a-fA-F]{32,}';

const referenceRegexp = new RegExp(`^((?:${domain}/)?${remote})(?::(${tag}))?(?:@(${digest}))?$`);
const anchoredIdentifier = /^[a-f0-9]{64}$/;
const nameTotalLengthMax = 255;

export interface ParsedImage {
  repository: string;
  tag: string;
  digest: string;
}

/** Splits an image reference; undefined when it does not parse (ParseNormalizedNamed fails). */
export function parseImageReference(image: string): ParsedImage | undefined {
  if (image === '' || anchoredIdentifier.test(image)) return undefined;
  const m = referenceRegexp.exec(image);
  if (!m) return undefined;
  const repository = m[1];
  if (repository.length > nameTotalLengthMax) return undefined;
  return { repository, tag: m[2] ?? '', digest: m[3] ?? '' };
}

/** The tag ParseImageName reports: "latest" when neither tag nor digest is given, "" on parse failure. */
export function imageTag(image: string): string {
  const parsed = parseImageReference(image);
  if (!parsed) return '';
  if (parsed.tag === '' && parsed.digest === '') return 'latest';
  return parsed.tag;
}

/** SetDefaults_Container: Always for a `latest` (or implied latest) tag, IfNotPresent otherwise. */
export function defaultPullPolicy(image: string | undefined): 'Always' | 'IfNotPresent' {
  return imageTag(image ?? '') === 'latest' ? 'Always' : 'IfNotPresent';
}
