// Report: the results of every bench part, printed as an aligned table or as JSON (`--json`).

import { cpus, freemem, loadavg, totalmem } from 'node:os';

/** Whether we run from the .ts sources (tsx) rather than from the esbuild bundle `npm run bench` makes. */
export const RUNNING_FROM_SOURCE = import.meta.url.endsWith('.ts');

export interface Target {
  /** The value must stay below (`<`) or above (`>`) `value`. */
  op: '<' | '>';
  value: number;
}

export interface Metric {
  /** Stable machine-readable name (JSON key). */
  key: string;
  label: string;
  value: number;
  unit: string;
  /** Decimals shown in the table (JSON keeps full precision). */
  digits?: number;
  target?: Target;
}

export interface Section {
  name: string;
  /** One line describing what was run. */
  setup: string;
  metrics: Metric[];
}

export function metric(key: string, label: string, value: number, unit: string, digits = 0, target?: Target): Metric {
  return { key, label, value, unit, digits, target };
}

export function met(m: Metric): boolean | undefined {
  if (!m.target) return undefined;
  return m.target.op === '<' ? m.value < m.target.value : m.value > m.target.value;
}

function formatNumber(value: number, digits: number): string {
  return value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

function environment(): Record<string, string | number> {
  return {
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model ?? 'unknown',
    totalMemMiB: Math.round(totalmem() / 2 ** 20),
    freeMemMiB: Math.round(freemem() / 2 ** 20),
    loadAverage1m: Math.round(loadavg()[0] * 100) / 100,
    runner: RUNNING_FROM_SOURCE ? 'tsx (keepNames: slower)' : 'bundle',
  };
}

export function renderText(sections: Section[], totalWallMs: number): string {
  const env = environment();
  const lines: string[] = [];
  lines.push(
    `Kubeplay bench — node ${env.node}, ${env.platform}, ${env.cpus} CPUs (${env.cpuModel}), load ${env.loadAverage1m} at end, ${env.runner}`,
  );
  if (RUNNING_FROM_SOURCE) {
    lines.push('note: running the TypeScript sources through tsx, which compiles with keepNames (every closure gets a');
    lines.push('      __name() call): CPU numbers are 20-35 % worse than the bundled engine; use `npm run bench`.');
  }
  const labelWidth = Math.max(...sections.flatMap((s) => s.metrics.map((m) => m.label.length)));
  const valueWidth = Math.max(...sections.flatMap((s) => s.metrics.map((m) => formatNumber(m.value, m.digits ?? 0).length)));
  const unitWidth = Math.max(...sections.flatMap((s) => s.metrics.map((m) => m.unit.length)));
  for (const s of sections) {
    lines.push('');
    lines.push(`${s.name}: ${s.setup}`);
    for (const m of s.metrics) {
      let line = `  ${m.label.padEnd(labelWidth)}  ${formatNumber(m.value, m.digits ?? 0).padStart(valueWidth)} ${m.unit.padEnd(unitWidth)}`;
      if (m.target) {
        const t = `target ${m.target.op} ${formatNumber(m.target.value, m.digits ?? 0)} ${m.unit}`;
        line += `  ${t.padEnd(24)} ${met(m) ? 'ok' : 'MISSED'}`;
      }
      lines.push(line.trimEnd());
    }
  }
  const all = sections.flatMap((s) => s.metrics).filter((m) => m.target);
  const missed = all.filter((m) => !met(m));
  lines.push('');
  lines.push(
    `targets: ${all.length - missed.length}/${all.length} met${missed.length ? ` (missed: ${missed.map((m) => m.key).join(', ')})` : ''}` +
      ` · total bench wall time ${formatNumber(totalWallMs / 1000, 1)} s`,
  );
  return lines.join('\n');
}

export function renderJson(sections: Section[], totalWallMs: number): string {
  const out = {
    environment: environment(),
    totalWallMs,
    sections: Object.fromEntries(
      sections.map((s) => [
        s.name,
        {
          setup: s.setup,
          metrics: Object.fromEntries(
            s.metrics.map((m) => [
              m.key,
              { value: m.value, unit: m.unit, ...(m.target ? { target: m.target, met: met(m) } : {}) },
            ]),
          ),
        },
      ]),
    ),
  };
  return JSON.stringify(out, null, 2);
}
