// The YAML emitter's shortcuts (whole-token appends, plain key sort) must print exactly what
// libyaml's character-by-character path prints: compared on random documents built to hit their
// edges (indicators, quotes, spaces near the fold column, digits in keys, deep indentation) and on
// every object of a running cluster.

import { describe, expect, it } from 'vitest';
import { SeededRandom } from '../../clock/random';
import { Simulation } from '../../simulation';
import { toKubectlYaml } from './yaml-json';

const PIECES = [
  'a',
  'Z',
  'x1',
  '10',
  '2',
  '-',
  '--',
  '---',
  '...',
  ':',
  ': ',
  ' #',
  '#',
  '?',
  '*',
  '&',
  '!',
  '|',
  '>',
  "'",
  '"',
  '\\',
  '%',
  '@',
  '`',
  ',',
  '[',
  ']',
  '{',
  '}',
  ' ',
  '  ',
  'true',
  'null',
  '~',
  'yes',
  '0x1F',
  '1e3',
  '.5',
  '1:20',
  '2026-01-01T00:00:00Z',
  'nginx',
  'kube-api-access-x',
  'é',
  '日本',
  '\n',
  '\t',
  'Successfully assigned default/web to node-a1',
  '_',
  '.',
  '/',
  '+',
];

function randomText(r: SeededRandom): string {
  let s = '';
  const parts = 1 + r.int(6);
  for (let i = 0; i < parts; i++) s += PIECES[r.int(PIECES.length)];
  // sometimes long, to cross the fold column
  if (r.int(5) === 0) s = s.repeat(1 + r.int(8));
  return s;
}

function randomValue(r: SeededRandom, depth: number): unknown {
  const pick = r.int(depth > 4 ? 5 : 8);
  switch (pick) {
    case 0:
      return r.int(3) === 0 ? -r.int(1000) : r.int(2 ** 31);
    case 1:
      return r.int(2) === 0;
    case 2:
      return null;
    case 3:
      return r.int(4) / 8 + r.int(10);
    case 4:
      return randomText(r);
    case 5:
    case 6: {
      const obj: Record<string, unknown> = {};
      const n = r.int(6);
      for (let i = 0; i < n; i++) {
        const key = r.int(3) === 0 ? randomText(r) : ['apiVersion', 'kind', 'metadata', 'a', 'B', 'a2', 'a10', 'x_y'][r.int(8)];
        obj[key] = randomValue(r, depth + 1);
      }
      return obj;
    }
    default:
      return Array.from({ length: r.int(4) }, () => randomValue(r, depth + 1));
  }
}

describe('the YAML emitter’s shortcuts', () => {
  it('print what the character-by-character path prints, on 3,000 random documents', () => {
    const r = new SeededRandom(12);
    for (let i = 0; i < 3000; i++) {
      const doc = randomValue(r, 0);
      expect(toKubectlYaml(doc)).toBe(toKubectlYaml(doc, { characterByCharacter: true }));
    }
  });

  it('print what the character-by-character path prints, for every object of a running cluster', () => {
    const sim = new Simulation({ seed: 3 });
    const session = sim.openConsole(() => {});
    for (const line of [
      'kubectl create deployment web --image=nginx --replicas=3',
      'kubectl expose deployment web --port 80',
      'kubectl create cronjob tick --image=busybox --schedule="*/1 * * * *" -- sh -c "echo hi"',
      'kubectl run crash --image=busybox -- sh -c "exit 1"',
      'sleep 3m',
    ]) {
      session.run(line);
    }
    const objects = sim.objects();
    expect(objects.length).toBeGreaterThan(50);
    for (const obj of objects) expect(toKubectlYaml(obj)).toBe(toKubectlYaml(obj, { characterByCharacter: true }));
  });
});
