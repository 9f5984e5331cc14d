import { describe, expect, it } from 'vitest';
import { teachingFor, teachingProblems } from './teaching';

describe('teachingFor', () => {
  it('parses every annotation', () => {
    expect(
      teachingFor(
        {
          'kubeplay.dev/exit-after': '30s',
          'kubeplay.dev/exit-code': '3',
          'kubeplay.dev/ready-after': '1m30s',
          'kubeplay.dev/fail-liveness-after': '2m',
          'kubeplay.dev/memory-usage': '300Mi',
          'kubeplay.dev/cpu-usage': '250m',
        },
        'app',
      ),
    ).toEqual({
      exitAfterMs: 30_000,
      exitCode: 3,
      readyAfterMs: 90_000,
      failLivenessAfterMs: 120_000,
      memoryUsageBytes: 300 * 1024 * 1024,
      cpuUsageMilli: 250,
    });
  });

  it('exit-code defaults to 1; exit-code alone does nothing', () => {
    expect(teachingFor({ 'kubeplay.dev/exit-after': '5s' }, 'app')).toEqual({ exitAfterMs: 5000, exitCode: 1 });
    expect(teachingFor({ 'kubeplay.dev/exit-code': '0' }, 'app')).toEqual({});
  });

  it('container-scoped keys win', () => {
    const a = { 'kubeplay.dev/exit-after': '10s', 'kubeplay.dev/exit-after.sidecar': '1h', 'kubeplay.dev/cpu-usage.app': '1' };
    expect(teachingFor(a, 'app')).toEqual({ exitAfterMs: 10_000, exitCode: 1, cpuUsageMilli: 1000 });
    expect(teachingFor(a, 'sidecar')).toEqual({ exitAfterMs: 3_600_000, exitCode: 1 });
    expect(teachingFor(undefined, 'app')).toEqual({});
  });

  it('invalid values are ignored', () => {
    expect(teachingFor({ 'kubeplay.dev/exit-after': '30', 'kubeplay.dev/memory-usage': 'lots' }, 'app')).toEqual({});
  });
});

describe('teachingProblems', () => {
  it('reports invalid values, unknown keys and containers', () => {
    expect(
      teachingProblems(
        {
          'kubeplay.dev/exit-after': '30',
          'kubeplay.dev/exit-code': '300',
          'kubeplay.dev/ready-after.web': '-5s',
          'kubeplay.dev/memory-usage': 'lots',
          'kubeplay.dev/crash': 'yes',
          'other.io/x': 'y',
        },
        ['app'],
      ),
    ).toEqual([
      'invalid annotation kubeplay.dev/exit-after="30": time: missing unit in duration "30"',
      'invalid annotation kubeplay.dev/exit-code="300": must be an integer between 0 and 255',
      'annotation kubeplay.dev/ready-after.web: the pod has no container named "web"',
      'invalid annotation kubeplay.dev/ready-after.web="-5s": must not be negative',
      'invalid annotation kubeplay.dev/memory-usage="lots": quantities must match the regular expression \'^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$\'',
      'unknown annotation kubeplay.dev/crash: supported keys are kubeplay.dev/exit-after, kubeplay.dev/exit-code, kubeplay.dev/ready-after, kubeplay.dev/fail-liveness-after, kubeplay.dev/memory-usage, kubeplay.dev/cpu-usage',
    ]);
  });

  it('exit-code without exit-after', () => {
    expect(teachingProblems({ 'kubeplay.dev/exit-code': '2' })).toEqual([
      'annotation kubeplay.dev/exit-code has no effect without kubeplay.dev/exit-after',
    ]);
    expect(teachingProblems({ 'kubeplay.dev/exit-code': '2', 'kubeplay.dev/exit-after': '1s' })).toEqual([]);
  });
});
