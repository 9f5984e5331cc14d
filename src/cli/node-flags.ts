// The V8 flags the headless CLI runs Node with (package.json's "kubeplay" script passes them, and
// `npm run bench` runs its pipeline children with the same ones, so the figures are the CLI's).
//
// Why a larger young generation: the engine allocates many short-lived objects per event (watch
// deltas, copied statuses, scheduler state). With Node's default 16 MiB semi-space, objects
// still in use at a scavenge are promoted to the old generation, die there, and are only
// reclaimed by full mark-compacts whose cost grows with the heap, so a large cluster spends a
// growing share of its time in GC. A 128 MiB semi-space lets them die young.
// The browser's Worker cannot choose its V8 flags; this is a CLI-only setting.

export const CLI_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=128'];
