// Pod IPs from the node's pod CIDR (a /24 from the cluster's 10.244.0.0/16), allocated like the
// host-local IPAM plugin: round-robin from the address after the last one handed out, skipping
// the network address, the gateway (.1) and broadcast, so a freed IP is not reused at once.

export class PodIPAllocator {
  private readonly inUse = new Set<number>();
  private last = 1;

  constructor(private readonly prefix: string) {}

  /** The /24's first three octets from `10.244.3.0/24`; undefined for anything else. */
  static fromCIDR(cidr: string | undefined): PodIPAllocator | undefined {
    const m = cidr ? /^(\d+\.\d+\.\d+)\.0\/24$/.exec(cidr) : null;
    return m ? new PodIPAllocator(m[1]) : undefined;
  }

  /** The next free address, or undefined when the range is exhausted. */
  allocate(): string | undefined {
    for (let i = 0; i < 253; i++) {
      const host = ((this.last + 1 + i - 2) % 253) + 2; // 2 … 254, after the last one
      if (!this.inUse.has(host)) {
        this.inUse.add(host);
        this.last = host;
        return `${this.prefix}.${host}`;
      }
    }
    return undefined;
  }

  release(ip: string): void {
    const host = Number(ip.slice(ip.lastIndexOf('.') + 1));
    this.inUse.delete(host);
  }
}
