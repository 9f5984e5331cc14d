// The completion lists against the engine they mirror: a kind, flag or kubeplay verb added to the
// engine fails here until completion-data.ts has it too. (Tests named *.engine.test.ts may import
// the engine; the UI itself may not.)

import { describe, expect, it } from 'vitest';
import { builtinKinds } from '../../engine/api/kinds';
import { commands } from '../../engine/kubectl/commands';
import type { FlagSpec } from '../../engine/kubectl/flags';
import { globalFlags } from '../../engine/kubectl/kubectl';
import { kubeplayVerbNames, runKubeplay } from '../../engine/playground/kubeplay';
import {
  KUBECTL_FLAGS,
  KUBECTL_GLOBAL_FLAGS,
  KUBEPLAY_FLAGS,
  KUBEPLAY_VERBS,
  RESOURCE_TYPES,
  parseFlagList,
  type FlagInfo,
} from './completion-data';

const fromSpecs = (specs: readonly FlagSpec[]): FlagInfo[] =>
  specs.map((f) =>
    f.short ? { name: f.name, short: f.short, takesValue: f.type !== 'bool' } : { name: f.name, takesValue: f.type !== 'bool' },
  );
const sorted = (flags: FlagInfo[]) => [...flags].sort((a, b) => a.name.localeCompare(b.name));

describe('completion data matches the engine', () => {
  it('resource types are the served kinds', () => {
    expect(RESOURCE_TYPES).toEqual(
      builtinKinds.map((k) => ({
        kind: k.kind,
        plural: k.plural,
        singular: k.singular,
        shortNames: k.shortNames,
        namespaced: k.namespaced,
      })),
    );
  });

  it('kubectl flags are the verbs’ flag specs', () => {
    const engine: Record<string, FlagInfo[]> = {};
    // Sub-commands nest (`create secret generic`).
    const add = (name: string, command: (typeof commands)[string]) => {
      engine[name] = sorted(fromSpecs(command.flags));
      for (const [sub, subcommand] of Object.entries(command.subcommands ?? {})) add(`${name} ${sub}`, subcommand);
    };
    for (const [verb, command] of Object.entries(commands)) add(verb, command);
    const mine = Object.fromEntries(Object.entries(KUBECTL_FLAGS).map(([k, v]) => [k, sorted(parseFlagList(v))]));
    expect(mine).toEqual(engine);
  });

  it('kubectl global flags', () => {
    expect(sorted(parseFlagList(KUBECTL_GLOBAL_FLAGS))).toEqual(sorted(fromSpecs(globalFlags)));
  });

  it('kubeplay verbs', () => {
    expect(KUBEPLAY_VERBS).toEqual(kubeplayVerbNames());
  });

  it('kubeplay flags are accepted by their verbs', () => {
    const run = (argv: string[]) => {
      let err = '';
      const host = {
        cluster: () => {
          throw new Error('no cluster in this test');
        },
        reset: () => {},
      };
      runKubeplay(argv, { out: () => {}, err: (t) => (err += t) }, host);
      return err;
    };
    expect(run(['cluster', 'reset', '--bogus'])).toContain('unknown flag: --bogus'); // the check works
    for (const [verb, list] of Object.entries(KUBEPLAY_FLAGS)) {
      for (const flag of parseFlagList(list)) {
        const argv = [...verb.split(' '), 'x', flag.takesValue ? `--${flag.name}=1` : `--${flag.name}`];
        expect(run(argv), `${verb} --${flag.name}`).not.toMatch(/unknown (shorthand )?flag/);
        if (flag.short) {
          const short = [...verb.split(' '), 'x', `-${flag.short}`, ...(flag.takesValue ? ['1'] : [])];
          expect(run(short), `${verb} -${flag.short}`).not.toMatch(/unknown (shorthand )?flag/);
        }
      }
    }
  });
});
