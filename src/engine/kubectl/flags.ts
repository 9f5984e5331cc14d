// A pflag-like parser for kubectl's command lines: long and short flags, `--flag=value`,
// `-n value`, `-nvalue`, grouped short booleans, flags anywhere among arguments, `--` to stop.
// Errors carry kubectl's texts (`unknown flag: --foo`, `flag needs an argument: 'n' in -n`).

import { parseGoDurationNanos } from '../../k8s/duration';

/** `duration` flags (pflag DurationVar) keep their text but must parse as a Go duration. */
export type FlagType = 'string' | 'bool' | 'int' | 'stringArray' | 'duration';

export interface FlagSpec {
  name: string;
  short?: string;
  type: FlagType;
  default?: string | boolean | number | string[];
  /** Bool flags can be given without a value; string flags with NoOptDefVal too (`-o` never). */
  noOptDefault?: string;
}

export type FlagValues = Record<string, string | boolean | number | string[] | undefined>;

export class FlagError extends Error {}

export interface ParsedArgs {
  flags: FlagValues;
  /** Which flags were given explicitly. */
  changed: Set<string>;
  args: string[];
  /** Arguments after `--` (e.g. `kubectl run … -- sleep 3600`). */
  afterDash: string[] | undefined;
}

export function parseFlags(argv: string[], specs: FlagSpec[]): ParsedArgs {
  const byName = new Map(specs.map((s) => [s.name, s]));
  const byShort = new Map(specs.filter((s) => s.short).map((s) => [s.short!, s]));
  const flags: FlagValues = {};
  for (const s of specs) flags[s.name] = Array.isArray(s.default) ? [...s.default] : s.default;
  const changed = new Set<string>();
  const args: string[] = [];
  let afterDash: string[] | undefined;

  const set = (spec: FlagSpec, raw: string, shown: string) => {
    changed.add(spec.name);
    switch (spec.type) {
      case 'bool': {
        const v = parseBool(raw);
        if (v === undefined) {
          throw new FlagError(
            `invalid argument "${raw}" for "${shown}" flag: strconv.ParseBool: parsing "${raw}": invalid syntax`,
          );
        }
        flags[spec.name] = v;
        return;
      }
      case 'int': {
        if (!/^[+-]?\d+$/.test(raw)) {
          throw new FlagError(
            `invalid argument "${raw}" for "${shown}" flag: strconv.ParseInt: parsing "${raw}": invalid syntax`,
          );
        }
        flags[spec.name] = Number(raw);
        return;
      }
      case 'duration': {
        // pflag parses the value with time.ParseDuration as it reads the flag: `--timeout=60`
        // fails right here with Go's message, before the command runs.
        try {
          parseGoDurationNanos(raw);
        } catch (e) {
          throw new FlagError(`invalid argument "${raw}" for "${shown}" flag: ${(e as Error).message}`);
        }
        flags[spec.name] = raw;
        return;
      }
      case 'stringArray': {
        const prev =
          changed.has(spec.name) && Array.isArray(flags[spec.name]) && flags[`__${spec.name}`]
            ? (flags[spec.name] as string[])
            : [];
        flags[`__${spec.name}`] = true;
        flags[spec.name] = [...prev, raw];
        return;
      }
      default:
        flags[spec.name] = raw;
    }
  };

  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--') {
      afterDash = argv.slice(i + 1);
      break;
    }
    if (a.startsWith('--') && a.length > 2) {
      const eq = a.indexOf('=');
      const name = eq >= 0 ? a.slice(2, eq) : a.slice(2);
      const spec = byName.get(name);
      if (!spec) throw new FlagError(`unknown flag: --${name}`);
      if (eq >= 0) set(spec, a.slice(eq + 1), `--${name}`);
      else if (spec.type === 'bool') set(spec, 'true', `--${name}`);
      else if (spec.noOptDefault !== undefined) set(spec, spec.noOptDefault, `--${name}`);
      else {
        if (i + 1 >= argv.length) throw new FlagError(`flag needs an argument: --${name}`);
        set(spec, argv[++i], `--${name}`);
      }
      continue;
    }
    if (a.startsWith('-') && a.length > 1) {
      // Grouped shorthands: -it, -nkube-system, -n=kube-system.
      let j = 1;
      while (j < a.length) {
        const c = a[j];
        const spec = byShort.get(c);
        if (!spec) throw new FlagError(`unknown shorthand flag: '${c}' in ${a}`);
        const rest = a.slice(j + 1);
        const shown = `-${c}, --${spec.name}`;
        if (spec.type === 'bool') {
          if (rest.startsWith('=')) {
            set(spec, rest.slice(1), shown);
            break;
          }
          set(spec, 'true', shown);
          j++;
          continue;
        }
        if (rest.length > 0) set(spec, rest.startsWith('=') ? rest.slice(1) : rest, shown);
        else if (spec.noOptDefault !== undefined) set(spec, spec.noOptDefault, shown);
        else {
          if (i + 1 >= argv.length) throw new FlagError(`flag needs an argument: '${c}' in -${c}`);
          set(spec, argv[++i], shown);
        }
        break;
      }
      continue;
    }
    args.push(a);
  }
  for (const k of Object.keys(flags)) if (k.startsWith('__')) delete flags[k];
  return { flags, changed, args, afterDash };
}

function parseBool(s: string): boolean | undefined {
  if (['1', 't', 'T', 'TRUE', 'true', 'True'].includes(s)) return true;
  if (['0', 'f', 'F', 'FALSE', 'false', 'False'].includes(s)) return false;
  return undefined;
}
