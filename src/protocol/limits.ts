// Limits the playground adds where Kubernetes has none, so that one command's work stays bounded
// and the page (or a script) always answers. Each is refused with a message that names it. Shared
// by the engine, which enforces them, and the page, which writes scripts that must respect them.

/**
 * The most replicas one workload may ask for (spec.replicas of a Deployment, ReplicaSet,
 * ReplicationController or StatefulSet, and an autoscaler's spec.maxReplicas). The default
 * cluster has room for 660 pods; a real API server accepts up to 2147483647.
 */
export const MAX_REPLICAS_PER_WORKLOAD = 1000;

/** The most virtual time one command may take: a `sleep`, or a kubectl command that waits. */
export const MAX_COMMAND_VIRTUAL_MS = 24 * 60 * 60 * 1000;

/** The limit as people write it. */
export const MAX_COMMAND_VIRTUAL_TIME_TEXT = '24h';
