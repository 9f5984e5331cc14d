/** A `kubeplay` command line that cannot be run as typed (printed with the usage text). */
export class UsageError extends Error {}
