// startContainer as the kubelet does it (kuberuntime_container.go): make sure the image is there
// (image manager: policy, back-off, serialized pull), create and start the container with its
// argv and environment, run the postStart hook. Events and waiting reasons on the way.

import { cgroupMemoryFiles } from '../swap';
import { lookupImage } from '../images/catalog';
import {
  defaultPullPolicy,
  imageBackOffKey,
  pulledMessage,
  resolvePull,
  type KubeletEvent,
  type PullPolicy,
} from '../images/pull';
import { unknownImageDefaults } from '../images/catalog';
import { referenceTo } from '../../runtime/events';
import { configMapKind, nodeKind, secretKind } from '../../api/kinds';
import type { ContainerKind } from './runtime-types';
import type { NodeContext } from './node-context';
import type { Connection, ProcessEnv } from '../container/types';
import type { PodWorker } from './pod-worker';
import { fieldPath } from './pod-worker';
import { effectiveArgv } from './container-argv';
import { makeEnvironment } from './container-env';
import { ManagedHostsFile } from '../dns/hosts-file';
import { forcedExitFor } from './teaching-effects';
import { runPostStart } from './hooks';
import { missingExecutable, startErrorMessage } from '../images/executables';
import { StringInterner } from '../../runtime/string-interner';

export type StartResult =
  { kind: 'started' } | { kind: 'pulling' } | { kind: 'error' } | { kind: 'crash-backoff'; untilMs: number };

export function startContainerFlow(worker: PodWorker, c: any, kind: ContainerKind): StartResult {
  const node = worker.node;
  const pod = worker.pod;
  const ref = referenceTo(pod, fieldPath(kind, c.name));
  const emit = (events: readonly KubeletEvent[]) => {
    for (const e of events) node.recorder.event(ref, e.type, e.reason, e.message);
  };
  const image: string = c.image ?? '';
  const policy: PullPolicy = c.imagePullPolicy ?? defaultPullPolicy(image);
  const key = imageBackOffKey(worker.uid, image);
  const now = node.clock.now();
  // A pull this worker just finished continues here: the image is on the node now, whatever the
  // policy (Always must not pull again), and its events were already recorded.
  const justPulled = worker.takePulled(c.name);
  const decision = resolvePull(image, justPulled ? 'IfNotPresent' : policy, node.images, {
    backOff: { backoff: node.imageBackOff, key, nowMs: now },
  });

  switch (decision.action) {
    case 'invalid':
    case 'never':
    case 'backoff':
      worker.setReason(c.name, { reason: decision.reason, message: decision.message });
      emit(decision.events);
      return { kind: 'error' };
    case 'pull': {
      emit(decision.events);
      worker.beginAsync();
      node.pulls.enqueue({
        start: () => decision.durationMs,
        finish: (queuedAtMs) => {
          const outcome = decision.outcome;
          const done = node.clock.now();
          if (outcome.ok) {
            node.images.add(decision.ref, outcome.image);
            node.imageBackOff.gc(done);
            node.imagesChanged();
            node.recorder.event(
              ref,
              'Normal',
              'Pulled',
              pulledMessage(image, decision.durationMs, done - queuedAtMs, outcome.image.sizeBytes),
            );
            worker.markPulled(c.name);
            worker.endAsync();
            worker.requestSync(0);
          } else {
            node.imageBackOff.next(key, done);
            worker.setReason(c.name, { reason: outcome.reason, message: outcome.message });
            emit(outcome.events);
            worker.endAsync();
            worker.requestSync(Math.round(10_000 * (1 + node.random.next() * 0.5)));
          }
        },
      });
      return { kind: 'pulling' };
    }
    case 'present':
      if (!justPulled) emit(decision.events);
      break;
  }

  const found = lookupImage(decision.ref);
  const defaults = found.found ? found.image.defaults : unknownImageDefaults;
  const imageRef = found.found
    ? imageNames.intern(`${found.image.repository}@${found.image.manifestDigest}`)
    : (decision.image.repoDigests[0] ?? '');
  const imageName = imageNames.intern(decision.ref.canonical);
  const podIP = worker.sandboxIP();
  const ns = pod.metadata.namespace;
  const made = makeEnvironment(
    pod,
    c,
    { podIP, hostIP: node.hostIP, nodeName: node.nodeName },
    {
      configMap: (name) => node.api.tryGet(configMapKind, ns, name),
      secret: (name) => node.api.tryGet(secretKind, ns, name),
      nodeAllocatable: () => node.api.tryGet(nodeKind, undefined, node.nodeName)?.status?.allocatable,
    },
  );
  if (!made.ok) {
    // generateContainerConfig failed: no container; the worker retries after its error back-off.
    worker.setReason(c.name, { reason: 'CreateContainerConfigError', message: made.message });
    node.recorder.event(ref, 'Warning', 'Failed', `Error: ${made.message}`);
    return { kind: 'error' };
  }
  const env = made.env;
  const argv = effectiveArgv(c, defaults, env);
  node.recorder.event(ref, 'Normal', 'Created', `Created container: ${c.name}`);
  const missing = found.found ? missingExecutable(found.image.repository, argv[0]) : undefined;
  if (missing) {
    // StartContainer fails: the Failed event, RunContainerError in the reason cache, and an
    // instance that exited with 128 (StartError); the next start waits out the back-off.
    const message = startErrorMessage(missing);
    node.runtime.failStart(worker.uid, { name: c.name, kind, imageName, imageRef }, message);
    node.recorder.event(ref, 'Warning', 'Failed', `Error: ${message}`);
    worker.setReason(c.name, { reason: 'RunContainerError', message });
    worker.containerChanged();
    return { kind: 'error' };
  }
  const instance = node.runtime.startContainer(worker.uid, {
    name: c.name,
    kind,
    imageName,
    imageRef,
    argv,
    env: new PodProcessEnv(node, pod.metadata.namespace!, pod.metadata.name!, env, c.image),
    mounts: node.podVolumes(worker.uid).mountsFor(c),
    hostsFile: new ManagedHostsFile(pod, podIP),
    files: cgroupMemoryFiles(pod, c, node.swap),
    forcedExit: forcedExitFor(pod, c),
    listenPorts: defaults.listenPorts,
    stopBehavior: defaults.stopBehavior,
  });
  node.recorder.event(ref, 'Normal', 'Started', `Started container ${c.name}`);
  worker.containerChanged();
  if (c.lifecycle?.postStart) runPostStart(worker, c, kind, instance);
  return { kind: 'started' };
}

/** Image names and digests every container of an image repeats (status.image, status.imageID): one string each. */
const imageNames = new StringInterner(1_000);

/**
 * What a container's processes see of their pod and node. A class, not a literal with closures:
 * closures made in startContainerFlow would keep its whole scope (the pull decision, the pod, the
 * image lookup) alive for as long as the container runs.
 */
class PodProcessEnv implements ProcessEnv {
  readonly hostname: string;
  readonly epochMs: number;

  constructor(
    private readonly node: NodeContext,
    readonly namespace: string,
    readonly podName: string,
    readonly env: Record<string, string>,
    readonly image: string | undefined,
  ) {
    this.hostname = env.HOSTNAME;
    this.epochMs = node.clock.epochMs;
  }

  resolve(query: string) {
    return this.node.dns?.resolve(query, this.namespace ?? 'default');
  }

  connect(ip: string, port: number, nowMs: number): Connection {
    return this.node.network?.connect(ip, port, nowMs) ?? { kind: 'timeout' };
  }
}
