// Controller and kubelet settings a user can change with `kubeplay config set KEY=VALUE`, with
// the real flag names and defaults. Components read them when they act, so a change applies
// from the next decision on.

import { formatGoDuration, parseGoDuration } from '../k8s/duration';

type Setting =
  | { type: 'gates'; help: string }
  | { type: 'duration'; defaultMs: number; help: string }
  | { type: 'number'; default: number; help: string }
  | { type: 'enum'; default: string; values: string[]; help: string };

export const SETTINGS = {
  'node-monitor-period': { type: 'duration', defaultMs: 5_000, help: 'how often the node lifecycle controller checks nodes' },
  'node-monitor-grace-period': {
    type: 'duration',
    defaultMs: 50_000,
    help: 'how long a node may go without a heartbeat before it is marked Unknown (40s before v1.32)',
  },
  'node-startup-grace-period': { type: 'duration', defaultMs: 60_000, help: 'grace for a node that has never been Ready' },
  'node-eviction-rate': { type: 'number', default: 0.1, help: 'nodes per second tainted for eviction in a healthy zone' },
  'secondary-node-eviction-rate': { type: 'number', default: 0.01, help: 'rate in a partially disrupted large zone' },
  'large-cluster-size-threshold': { type: 'number', default: 50, help: 'zone size above which the secondary rate applies' },
  'unhealthy-zone-threshold': { type: 'number', default: 0.55, help: 'fraction of NotReady nodes that makes a zone unhealthy' },
  'terminated-pod-gc-threshold': {
    type: 'number',
    default: 12500,
    help: 'terminated pods kept before the pod garbage collector deletes the oldest (0 disables)',
  },
  'cloud-node-lifecycle': {
    type: 'enum',
    default: 'off',
    values: ['off', 'on'],
    help: 'run the cloud node lifecycle controller: delete Nodes whose machine is gone, taint stopped ones',
  },
  'kubernetes-version': {
    type: 'enum',
    default: 'v1.34',
    values: ['v1.31', 'v1.34'],
    help: 'version profile; v1.31 uses the 40s node-monitor-grace-period default',
  },
  'feature-gates': {
    type: 'gates',
    help: 'comma-separated NAME=true|false pairs (--feature-gates), e.g. MaxUnavailableStatefulSet=true',
  },
} satisfies Record<string, Setting>;

/** The feature gates a user may set, with their defaults in the emulated version (v1.34). */
export const FEATURE_GATES: Record<string, boolean> = {
  // Alpha (off) through v1.34; honoured by the StatefulSet controller's rolling update.
  MaxUnavailableStatefulSet: false,
};

export type SettingKey = keyof typeof SETTINGS;

/** strconv.ParseBool's accepted spellings. */
const PARSE_BOOL: Record<string, boolean> = Object.fromEntries([
  ...['1', 't', 'T', 'TRUE', 'true', 'True'].map((k) => [k, true]),
  ...['0', 'f', 'F', 'FALSE', 'false', 'False'].map((k) => [k, false]),
]);

export class SimulationConfig {
  private readonly values = new Map<SettingKey, number | string>();
  private readonly gates = new Map<string, boolean>();

  /** Whether a feature gate is on (its default unless set with feature-gates=). */
  featureGate(name: string): boolean {
    return this.gates.get(name) ?? FEATURE_GATES[name] ?? false;
  }

  has(key: string): key is SettingKey {
    return Object.hasOwn(SETTINGS, key);
  }

  /** Milliseconds for duration settings. */
  durationMs(key: SettingKey): number {
    const v = this.values.get(key);
    if (typeof v === 'number') return v;
    if (key === 'node-monitor-grace-period' && this.values.get('kubernetes-version') === 'v1.31') return 40_000;
    const s = SETTINGS[key] as Setting;
    return s.type === 'duration' ? s.defaultMs : 0;
  }

  number(key: SettingKey): number {
    const v = this.values.get(key);
    const s = SETTINGS[key] as Setting;
    return typeof v === 'number' ? v : s.type === 'number' ? s.default : 0;
  }

  string(key: SettingKey): string {
    const v = this.values.get(key);
    const s = SETTINGS[key] as Setting;
    return typeof v === 'string' ? v : s.type === 'enum' ? s.default : '';
  }

  /** Sets KEY from its text form; throws an Error with a user-facing message on bad input. */
  set(key: string, raw: string): void {
    if (!this.has(key)) throw new Error(`unknown setting "${key}"; known settings: ${Object.keys(SETTINGS).join(', ')}`);
    const s = SETTINGS[key] as Setting;
    if (s.type === 'gates') {
      this.setGates(raw);
    } else if (s.type === 'duration') {
      const ms = parseGoDuration(raw);
      if (ms < 0) throw new Error(`${key} must not be negative`);
      this.values.set(key, ms);
    } else if (s.type === 'number') {
      const n = Number(raw);
      if (raw.trim() === '' || !Number.isFinite(n) || n < 0)
        throw new Error(`invalid value "${raw}" for ${key}: must be a non-negative number`);
      this.values.set(key, n);
    } else {
      if (!s.values.includes(raw)) throw new Error(`invalid value "${raw}" for ${key}: must be one of ${s.values.join(', ')}`);
      this.values.set(key, raw);
    }
  }

  /** component-base's feature gate parsing: `A=true,B=false`; nothing is set on an error. */
  private setGates(raw: string): void {
    const parsed = new Map<string, boolean>();
    for (const part of raw.split(',')) {
      const pair = part.trim();
      if (pair === '') continue;
      const eq = pair.indexOf('=');
      if (eq < 0) throw new Error(`missing bool value for ${pair}`);
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (!Object.hasOwn(FEATURE_GATES, name)) throw new Error(`unrecognized feature gate: ${name}`);
      const on = PARSE_BOOL[value];
      if (on === undefined)
        throw new Error(
          `invalid value of ${name}=${value}, err: strconv.ParseBool: parsing ${JSON.stringify(value)}: invalid syntax`,
        );
      parsed.set(name, on);
    }
    for (const [name, on] of parsed) this.gates.set(name, on);
  }

  /** `KEY=VALUE` lines of every setting, for `kubeplay config view`. */
  describe(): string {
    return (Object.keys(SETTINGS) as SettingKey[])
      .map((k) => {
        const s = SETTINGS[k] as Setting;
        const v =
          s.type === 'gates'
            ? Object.keys(FEATURE_GATES)
                .map((g) => `${g}=${this.featureGate(g)}`)
                .join(',')
            : s.type === 'duration'
              ? formatGoDuration(this.durationMs(k))
              : s.type === 'number'
                ? String(this.number(k))
                : this.string(k);
        return `${k}=${v}\n`;
      })
      .join('');
  }
}
