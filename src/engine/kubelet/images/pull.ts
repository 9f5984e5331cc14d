// What the kubelet's image manager decides for one container's image (EnsureImageExists), as a
// pure function: invalid name, already present, not present under policy Never, still inside the
// pull back-off, or pull — with the pull's deterministic duration and outcome against the
// simulated registry — plus the events the kubelet records for each case, and the image pull
// back-off's key (the kubelet keeps a flowcontrol.Backoff, 10 s doubling to 300 s, keyed
// `<podUID>_<image>`; see runtime/flowcontrol-backoff.ts).
//
// Pull duration model (simulation choice, not from Kubernetes): a fixed `pullBaseLatencyMs`
// (resolve + manifest) plus the compressed size at `pullBandwidthBytesPerSecond` (30 MB/s),
// rounded up to the millisecond. An Always re-pull of an image already on the node only
// re-checks the manifest: base latency alone. A failed resolve (unknown tag) takes the base
// latency.

import { formatGoDuration } from '../../../k8s/duration';
import { lookupImage, type CatalogImage } from './catalog';
import type { CachedImage, NodeImageCache } from './node-image-cache';
import type { Backoff } from '../../runtime/flowcontrol-backoff';
import { applyDefaultImageTag, goQuote, parseImageReference, type ImageReference } from './reference';

export type PullPolicy = 'Always' | 'IfNotPresent' | 'Never';

export const pullBaseLatencyMs = 500;
export const pullBandwidthBytesPerSecond = 30_000_000;

/** kubelet imageBackOffPeriod */
export const imageBackOffInitialMs = 10_000;
/** kubelet MaxImageBackOff */
export const imageBackOffMaxMs = 300_000;

export interface KubeletEvent {
  readonly type: 'Normal' | 'Warning';
  readonly reason: string;
  readonly message: string;
}

/** Container waiting reasons the image manager produces. */
export type ImageWaitingReason = 'InvalidImageName' | 'ErrImageNeverPull' | 'ImagePullBackOff' | 'ErrImagePull';

export type PullOutcome =
  | {
      readonly ok: true;
      readonly image: CatalogImage;
      /** `Pulled` "Successfully pulled image …". */
      readonly events: readonly KubeletEvent[];
    }
  | {
      readonly ok: false;
      readonly reason: 'ErrImagePull';
      /** The runtime's error, used as the container's waiting message. */
      readonly message: string;
      /** `Failed` "Failed to pull image …: <err>", then `Failed` "Error: ErrImagePull". */
      readonly events: readonly KubeletEvent[];
    };

export type PullDecision =
  | {
      readonly action: 'invalid';
      readonly reason: 'InvalidImageName';
      readonly message: string;
      readonly events: readonly KubeletEvent[];
    }
  | {
      readonly action: 'present';
      readonly ref: ImageReference;
      readonly image: CachedImage;
      readonly events: readonly KubeletEvent[];
    }
  | {
      readonly action: 'never';
      readonly reason: 'ErrImageNeverPull';
      readonly message: string;
      readonly events: readonly KubeletEvent[];
    }
  | {
      readonly action: 'backoff';
      readonly reason: 'ImagePullBackOff';
      readonly message: string;
      readonly events: readonly KubeletEvent[];
    }
  | {
      readonly action: 'pull';
      readonly ref: ImageReference;
      /** `Pulling` "Pulling image …", emitted when the pull starts. */
      readonly events: readonly KubeletEvent[];
      /** How long the pull takes (virtual ms); the outcome applies after it. */
      readonly durationMs: number;
      readonly outcome: PullOutcome;
    };

/** API defaulting of `imagePullPolicy`: `Always` when the tag is `latest` or absent, else `IfNotPresent`. */
export function defaultPullPolicy(image: string): PullPolicy {
  const r = parseImageReference(image);
  // The API server ignores parse errors here (tag is then empty → IfNotPresent).
  if (!r.ok) return 'IfNotPresent';
  const tag = r.ref.tag ?? (r.ref.digest === undefined ? 'latest' : undefined);
  return tag === 'latest' ? 'Always' : 'IfNotPresent';
}

export interface ResolvePullOptions {
  /** The node's image pull back-off and this container's key (`imageBackOffKey`), at `nowMs`. */
  readonly backOff?: { readonly backoff: Backoff; readonly key: string; readonly nowMs: number };
}

/**
 * The kubelet's decision for `image` (the container's `image` field, as written) under `policy`
 * on a node holding `cache`. Order as in the image manager: name check, presence vs. policy,
 * back-off, pull. The caller applies a pull's outcome after `durationMs`: on success add the
 * image to the cache (`cache.add(ref, outcome.image)`), on failure `nextImageBackOff`.
 */
export function resolvePull(
  image: string,
  policy: PullPolicy,
  cache: NodeImageCache,
  options: ResolvePullOptions = {},
): PullDecision {
  const defaulted = applyDefaultImageTag(image);
  if (!defaulted.ok) {
    const message = `Failed to apply default image tag ${goQuote(image)}: ${defaulted.error}`;
    return {
      action: 'invalid',
      reason: 'InvalidImageName',
      message,
      events: [warning('InspectFailed', message), errorEvent('InvalidImageName')],
    };
  }
  const parsed = parseImageReference(defaulted.image);
  if (!parsed.ok) throw new Error(parsed.error); // unreachable: applyDefaultImageTag parsed it
  const ref = parsed.ref;
  const present = cache.find(ref);

  if (policy === 'Never' || (policy === 'IfNotPresent' && present)) {
    if (present) {
      return { action: 'present', ref, image: present, events: [normal('Pulled', alreadyPresentMessage(image))] };
    }
    const message = `Container image ${goQuote(image)} is not present with pull policy of Never`;
    return {
      action: 'never',
      reason: 'ErrImageNeverPull',
      message,
      events: [warning('ErrImageNeverPull', message), errorEvent('ErrImageNeverPull')],
    };
  }

  const backOff = options.backOff;
  if (backOff && backOff.backoff.isInBackOffSinceUpdate(backOff.key, backOff.nowMs)) {
    const message = backOffPullingMessage(image);
    return {
      action: 'backoff',
      reason: 'ImagePullBackOff',
      message,
      events: [normal('BackOff', message), errorEvent('ImagePullBackOff')],
    };
  }

  const found = lookupImage(ref);
  const pulling = [normal('Pulling', `Pulling image ${goQuote(image)}`)];
  if (!found.found) {
    const message = notFoundError(ref);
    return {
      action: 'pull',
      ref,
      events: pulling,
      durationMs: pullBaseLatencyMs,
      outcome: {
        ok: false,
        reason: 'ErrImagePull',
        message,
        events: [warning('Failed', `Failed to pull image ${goQuote(image)}: ${message}`), errorEvent('ErrImagePull')],
      },
    };
  }
  const durationMs = present?.id === found.image.id ? pullBaseLatencyMs : pullDurationMs(found.image.sizeBytes);
  return {
    action: 'pull',
    ref,
    events: pulling,
    durationMs,
    outcome: {
      ok: true,
      image: found.image,
      events: [normal('Pulled', pulledMessage(image, durationMs, durationMs, found.image.sizeBytes))],
    },
  };
}

/** Deterministic time to download an image of this compressed size. */
export function pullDurationMs(sizeBytes: number): number {
  return pullBaseLatencyMs + Math.ceil((sizeBytes * 1000) / pullBandwidthBytesPerSecond);
}

/** containerd's (1.x CRI) error for a reference the registry does not have. */
export function notFoundError(ref: ImageReference): string {
  const c = ref.canonical;
  return `rpc error: code = NotFound desc = failed to pull and unpack image ${goQuote(c)}: failed to resolve reference ${goQuote(c)}: ${c}: not found`;
}

export function alreadyPresentMessage(image: string): string {
  return `Container image ${goQuote(image)} already present on machine`;
}

export function backOffPullingMessage(image: string): string {
  return `Back-off pulling image ${goQuote(image)}`;
}

/** `Successfully pulled image "x" in 1.234s (1.234s including waiting). Image size: N bytes.` */
export function pulledMessage(image: string, pullMs: number, includingWaitingMs: number, sizeBytes: number): string {
  return `Successfully pulled image ${goQuote(image)} in ${formatGoDuration(pullMs)} (${formatGoDuration(includingWaitingMs)} including waiting). Image size: ${sizeBytes} bytes.`;
}

/** The kubelet's key for the image pull back-off: pod UID and the container's image as written. */
export function imageBackOffKey(podUid: string, image: string): string {
  return `${podUid}_${image}`;
}

function normal(reason: string, message: string): KubeletEvent {
  return { type: 'Normal', reason, message };
}

function warning(reason: string, message: string): KubeletEvent {
  return { type: 'Warning', reason, message };
}

/** kuberuntime's `Failed` "Error: <reason>" after any EnsureImageExists error. */
function errorEvent(reason: ImageWaitingReason): KubeletEvent {
  return warning('Failed', `Error: ${reason}`);
}
