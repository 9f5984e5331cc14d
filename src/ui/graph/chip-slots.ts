// chip-slots: where each pod chip sits inside its node card. A pod keeps its slot for as long as
// it is on the node, so a pod leaving (or arriving) moves no other chip: during a rollout of
// hundreds of pods only the chips that changed are redrawn, and nothing on screen jumps. New pods
// take the lowest free slots, in name order. When a card has a whole row's worth of holes (a
// scale-down), it is packed again, keeping the chips' order.

/** Slots per node: pod key → slot index. */
export class ChipSlots {
  private readonly byNode = new Map<string, Map<string, number>>();

  /**
   * The slot of each of `keys` (the pods on `node` now, ghosts included), in the same order;
   * pods gone from the list give their slot up. Deterministic for the same sequence of calls.
   */
  assign(node: string, keys: readonly string[], perRow: number): number[] {
    let slots = this.byNode.get(node);
    if (!slots) this.byNode.set(node, (slots = new Map()));
    const present = new Set(keys);
    for (const key of [...slots.keys()]) if (!present.has(key)) slots.delete(key);

    const taken = new Set(slots.values());
    const fresh = keys.filter((k) => !slots.has(k)).sort();
    let next = 0;
    for (const key of fresh) {
      while (taken.has(next)) next++;
      slots.set(key, next);
      taken.add(next);
    }

    // a whole row of holes: pack again, in slot order
    let span = 0;
    for (const s of slots.values()) span = Math.max(span, s + 1);
    if (span - slots.size >= perRow) {
      const ordered = [...slots].sort((a, b) => a[1] - b[1]);
      ordered.forEach(([key], i) => slots.set(key, i));
    }
    if (slots.size === 0) this.byNode.delete(node);
    return keys.map((k) => slots.get(k)!);
  }

  /** Forgets nodes that are gone. */
  retainNodes(nodes: ReadonlySet<string>): void {
    for (const node of [...this.byNode.keys()]) if (!nodes.has(node)) this.byNode.delete(node);
  }
}
