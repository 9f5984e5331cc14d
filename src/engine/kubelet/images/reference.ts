// Image references, parsed the way the container runtime (and the kubelet, through the
// distribution/reference "normalized name" rules) reads them: a familiar name such as `nginx` is
// `docker.io/library/nginx`, a first path component is a registry host only when it contains a
// `.` or a `:` or is `localhost` (or has upper-case letters), a missing tag and digest mean
// `:latest`, and a digest pins the content. Invalid references fail with the runtime's texts.

import { Interner } from '../../runtime/string-interner';

export const defaultDomain = 'docker.io';
export const legacyDefaultDomain = 'index.docker.io';
export const officialRepoPrefix = 'library/';
export const defaultTag = 'latest';
export const nameTotalLengthMax = 255;

export interface ImageReference {
  /** What the user wrote (the container's `image`). */
  readonly original: string;
  /** Registry host, with port if any: `docker.io`, `registry.k8s.io`, `localhost:5000`. */
  readonly domain: string;
  /** Repository path inside the registry: `library/nginx`, `pause`, `app`. */
  readonly path: string;
  /** `domain/path`: `docker.io/library/nginx`. */
  readonly repository: string;
  /** The tag written, or `undefined` when none was written. */
  readonly tag: string | undefined;
  /** The digest written (`sha256:<64 hex>`), or `undefined`. */
  readonly digest: string | undefined;
  /** The tag to use: the written tag, else `latest` when there is no digest, else `undefined`. */
  readonly effectiveTag: string | undefined;
  /** Fully qualified: `docker.io/library/nginx:latest`, `docker.io/library/busybox@sha256:…`. */
  readonly canonical: string;
  /** Familiar repository name as Docker shows it: `nginx`, `registry.k8s.io/pause`. */
  readonly familiarName: string;
}

export type ParseResult = { ok: true; ref: ImageReference } | { ok: false; error: string };

// Grammar (distribution/reference): path components are lower-case alphanumerics joined by
// `.`, `_`, `__` or runs of `-`; domains are DNS-ish labels (any case) with an optional port, or
// a bracketed IPv6 address; tags are `[\w][\w.-]{0,127}`; digests `algorithm:hex{32,}`.
const pathComponentRe = /^[a-z0-9]+(?:(?:[._]|__|-+)[a-z0-9]+)*$/;
const domainRe =
  /^(?:(?:[a-zA-Z0-9]|[a-zA-Z0-9][a-zA-Z0-9-]*[a-zA-Z0-9])(?:\.(?:[a-zA-Z0-9]|[a-zA-Z0-9][a-zA-Z0-9-]*[a-zA-Z0-9]))*|\[(?:[a-fA-F0-9:]+)\])(?::[0-9]+)?$/;
const tagRe = /^[\w][\w.-]{0,127}$/;
const digestRe = /^[A-Za-z][A-Za-z0-9]*(?:[-_+.][A-Za-z][A-Za-z0-9]*)*:[0-9a-fA-F]{32,}$/;
const anchoredIdentifierRe = /^[a-f0-9]{64}$/;

const errInvalidFormat = 'invalid reference format';

/**
 * Parses like `ParseNormalizedNamed`; errors carry the runtime library's text. Every container
 * start and sync asks about the same few images: each answer is kept (frozen) by its text.
 */
export function parseImageReference(image: string): ParseResult {
  return parsedImages.getOrAdd(image, () => parse(image));
}

const parsedImages = new Interner<ParseResult>(1_000);

function parse(image: string): ParseResult {
  const fail = (error: string): ParseResult => ({ ok: false, error });
  if (anchoredIdentifierRe.test(image)) {
    return fail(`invalid repository name (${image}), cannot specify 64-byte hexadecimal strings`);
  }
  if (image === '') return fail(errInvalidFormat);

  // Split a registry host off the front, as splitDockerDomain does.
  let domain = defaultDomain;
  let remainder = image;
  const slash = image.indexOf('/');
  if (slash >= 0) {
    const first = image.slice(0, slash);
    if (first.includes('.') || first.includes(':') || first === 'localhost' || first.toLowerCase() !== first) {
      domain = first;
      remainder = image.slice(slash + 1);
    }
  }
  if (domain === legacyDefaultDomain) domain = defaultDomain;
  if (domain === defaultDomain && !remainder.includes('/')) remainder = officialRepoPrefix + remainder;

  const colon = remainder.indexOf(':');
  const remote = colon >= 0 ? remainder.slice(0, colon) : remainder;
  if (remote.toLowerCase() !== remote) {
    return fail(`${errInvalidFormat}: repository name (${remote}) must be lowercase`);
  }

  // Now the strict grammar on `domain/remainder`: name[:tag][@digest].
  let rest = remainder;
  let digest: string | undefined;
  const at = rest.indexOf('@');
  if (at >= 0) {
    digest = rest.slice(at + 1);
    rest = rest.slice(0, at);
    if (!digestRe.test(digest)) return fail(errInvalidFormat);
  }
  let tag: string | undefined;
  const tagColon = rest.lastIndexOf(':');
  if (tagColon >= 0) {
    tag = rest.slice(tagColon + 1);
    rest = rest.slice(0, tagColon);
    if (!tagRe.test(tag)) return fail(errInvalidFormat);
  }
  const path = rest;
  if (!domainRe.test(domain)) return fail(errInvalidFormat);
  if (path === '' || !path.split('/').every((c) => pathComponentRe.test(c))) return fail(errInvalidFormat);
  const repository = `${domain}/${path}`;
  if (repository.length > nameTotalLengthMax) {
    return fail(`repository name must not be more than ${nameTotalLengthMax} characters`);
  }
  if (digest !== undefined) {
    const digestError = validateDigest(digest);
    if (digestError) return fail(digestError);
  }

  const effectiveTag = tag ?? (digest === undefined ? defaultTag : undefined);
  const canonical = repository + (effectiveTag !== undefined ? `:${effectiveTag}` : '') + (digest ? `@${digest}` : '');
  const familiarName =
    domain === defaultDomain && path.startsWith(officialRepoPrefix) && path.split('/').length === 2
      ? path.slice(officialRepoPrefix.length)
      : domain === defaultDomain
        ? path
        : repository;
  // Frozen: parseImageReference hands the same answer to every caller.
  return Object.freeze({
    ok: true,
    ref: Object.freeze({
      original: image,
      domain,
      path,
      repository,
      tag,
      digest,
      effectiveTag,
      canonical,
      familiarName,
    }),
  });
}

// go-digest validation for the algorithms it knows.
function validateDigest(digest: string): string | undefined {
  const [algorithm, hex] = digest.split(':', 2) as [string, string];
  const lengths: Record<string, number> = { sha256: 64, sha384: 96, sha512: 128 };
  const want = lengths[algorithm];
  if (want === undefined) return 'unsupported digest algorithm';
  if (hex.length !== want) return 'invalid checksum digest length';
  if (!/^[a-f0-9]+$/.test(hex)) return 'invalid checksum digest format';
  return undefined;
}

/** Like `parseImageReference` but throws the error text. */
export function mustParseImageReference(image: string): ImageReference {
  const r = parseImageReference(image);
  if (!r.ok) throw new Error(r.error);
  return r.ref;
}

/**
 * What the kubelet does before asking the runtime (`applyDefaultImageTag`): append `:latest` to a
 * reference with neither tag nor digest, keeping the short name. Errors carry the kubelet's text,
 * e.g. `couldn't parse image name "Nginx": invalid reference format: repository name (library/Nginx) must be lowercase`.
 */
export function applyDefaultImageTag(image: string): { ok: true; image: string } | { ok: false; error: string } {
  const r = parseImageReference(image);
  if (!r.ok) return { ok: false, error: `couldn't parse image name ${goQuote(image)}: ${r.error}` };
  if (r.ref.tag === undefined && r.ref.digest === undefined) return { ok: true, image: `${image}:${defaultTag}` };
  return { ok: true, image };
}

/** Go's `%q` for the plain strings image names are. */
export function goQuote(s: string): string {
  return JSON.stringify(s);
}
