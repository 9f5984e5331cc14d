// The ranges the Service REST allocates from (pkg/registry/core/service/ipallocator and
// portallocator): cluster IPs out of the service CIDR 10.96.0.0/12 (kube-apiserver's default
// --service-cluster-ip-range), node ports out of 30000-32767. Both pick a random value in the
// upper "dynamic" band first and only then in the lower band, which is left for values users
// request (KEP-3070 / KEP-3668); the random source is the server's SeededRandom.
//
// Nothing is stored here: what is allocated is read from the stored Services each time, so a
// refused or dry-run request needs no rollback and a deleted Service frees its values at once.

import type { SeededRandom } from '../../clock/random';

export const SERVICE_CIDR = '10.96.0.0/12';
export const NODE_PORT_RANGE = { base: 30000, size: 2768 };

const CIDR_BASE = ipv4ToInt('10.96.0.0');
const CIDR_SIZE = 1 << 20;
/** The network and broadcast addresses are not allocatable. */
const FIRST_IP = CIDR_BASE + 1;
const LAST_IP = CIDR_BASE + CIDR_SIZE - 2;

/** ipallocator calculateRangeOffset: min(max(16, size/16), 256). */
const IP_STATIC_BAND = Math.min(Math.max(16, Math.floor(CIDR_SIZE / 16)), 256);
/** portallocator calculateRangeOffset: min(max(16, size/32), 128). */
const PORT_STATIC_BAND = Math.min(Math.max(16, Math.floor(NODE_PORT_RANGE.size / 32)), 128);

/** ipallocator ErrAllocated / portallocator ErrAllocated. */
export const IP_ALREADY_ALLOCATED = 'provided IP is already allocated';
export const PORT_ALREADY_ALLOCATED = 'provided port is already allocated';
/** The MetaAllocator finds no ServiceCIDR holding the address (ErrMismatchedNetwork). */
export const IP_NOT_IN_RANGE = 'the provided network does not match the current range';
export const PORT_NOT_IN_RANGE = `provided port is not in the valid range. The range of valid ports is ${NODE_PORT_RANGE.base}-${
  NODE_PORT_RANGE.base + NODE_PORT_RANGE.size - 1
}`;

export function ipv4ToInt(ip: string): number {
  const parts = ip.split('.').map(Number);
  return ((parts[0] << 24) >>> 0) + (parts[1] << 16) + (parts[2] << 8) + parts[3];
}

export function intToIpv4(n: number): string {
  return [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join('.');
}

/** Whether an IPv4 address (as an int) may be allocated from the service CIDR. */
export function ipInServiceRange(n: number): boolean {
  return n >= FIRST_IP && n <= LAST_IP;
}

/**
 * A random free value of [first, last]: a random start, then sequentially with wrap-around
 * (ipallocator's ipIterator, portallocator's randomScanStrategyWithOffset).
 */
function scan(first: number, last: number, used: ReadonlySet<number>, random: SeededRandom): number | undefined {
  const n = last - first + 1;
  if (n <= 0) return undefined;
  const start = random.int(n);
  for (let i = 0; i < n; i++) {
    const v = first + ((start + i) % n);
    if (!used.has(v)) return v;
  }
  return undefined;
}

/** AllocateNext for cluster IPs: the dynamic band, then the static one; undefined when full. */
export function nextFreeIP(used: ReadonlySet<number>, random: SeededRandom): string | undefined {
  const dynamicFirst = FIRST_IP + IP_STATIC_BAND;
  const ip = scan(dynamicFirst, LAST_IP, used, random) ?? scan(FIRST_IP, dynamicFirst - 1, used, random);
  return ip === undefined ? undefined : intToIpv4(ip);
}

/** AllocateNext for node ports. */
export function nextFreeNodePort(used: ReadonlySet<number>, random: SeededRandom): number | undefined {
  const first = NODE_PORT_RANGE.base;
  const last = first + NODE_PORT_RANGE.size - 1;
  return scan(first + PORT_STATIC_BAND, last, used, random) ?? scan(first, first + PORT_STATIC_BAND - 1, used, random);
}

export function nodePortInRange(port: number): boolean {
  return port >= NODE_PORT_RANGE.base && port < NODE_PORT_RANGE.base + NODE_PORT_RANGE.size;
}
