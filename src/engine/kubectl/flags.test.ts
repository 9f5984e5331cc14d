import { describe, expect, it } from 'vitest';
import { FlagError, parseFlags, type FlagSpec } from './flags';

const specs: FlagSpec[] = [
  { name: 'namespace', short: 'n', type: 'string' },
  { name: 'all-namespaces', short: 'A', type: 'bool' },
  { name: 'output', short: 'o', type: 'string' },
  { name: 'watch', short: 'w', type: 'bool' },
  { name: 'grace-period', type: 'int', default: -1 },
  { name: 'filename', short: 'f', type: 'stringArray', default: [] },
  { name: 'dry-run', type: 'string', noOptDefault: 'unchanged' },
];

describe('parseFlags', () => {
  it.each([
    [['pods', '-n', 'kube-system'], { namespace: 'kube-system' }, ['pods']],
    [['pods', '-nkube-system'], { namespace: 'kube-system' }, ['pods']],
    [['pods', '-n=kube-system'], { namespace: 'kube-system' }, ['pods']],
    [['--namespace=x', 'pods'], { namespace: 'x' }, ['pods']],
    [['pods', '-Aw'], { 'all-namespaces': true, watch: true }, ['pods']],
    [['pods', '--watch=false'], { watch: false }, ['pods']],
    [['pod', '-o', 'jsonpath={.a}'], { output: 'jsonpath={.a}' }, ['pod']],
    [['-f', 'a.yaml', '-f', 'b.yaml'], { filename: ['a.yaml', 'b.yaml'] }, []],
    [['--grace-period', '0', 'pod', 'x'], { 'grace-period': 0 }, ['pod', 'x']],
    [['--dry-run'], { 'dry-run': 'unchanged' }, []],
    [['--dry-run=server'], { 'dry-run': 'server' }, []],
  ])('%j', (argv, expected, args) => {
    const parsed = parseFlags(argv as string[], specs);
    expect(parsed.flags).toMatchObject(expected);
    expect(parsed.args).toEqual(args);
  });

  it('keeps defaults for flags not given and reports which changed', () => {
    const parsed = parseFlags(['pods'], specs);
    expect(parsed.flags['grace-period']).toBe(-1);
    expect(parsed.flags.filename).toEqual([]);
    expect(parsed.changed.size).toBe(0);
  });

  it('stops at -- and keeps the rest', () => {
    const parsed = parseFlags(['nginx', '--', 'sleep', '-n', '3600'], specs);
    expect(parsed.args).toEqual(['nginx']);
    expect(parsed.afterDash).toEqual(['sleep', '-n', '3600']);
  });

  it.each([
    [['--bogus'], 'unknown flag: --bogus'],
    [['-z'], "unknown shorthand flag: 'z' in -z"],
    [['-n'], "flag needs an argument: 'n' in -n"],
    [['--namespace'], 'flag needs an argument: --namespace'],
    [['--watch=maybe'], 'invalid argument "maybe" for "--watch" flag: strconv.ParseBool: parsing "maybe": invalid syntax'],
    [['-w=maybe'], 'invalid argument "maybe" for "-w, --watch" flag: strconv.ParseBool: parsing "maybe": invalid syntax'],
    [
      ['--grace-period=soon'],
      'invalid argument "soon" for "--grace-period" flag: strconv.ParseInt: parsing "soon": invalid syntax',
    ],
  ])('refuses %j', (argv, message) => {
    expect(() => parseFlags(argv, specs)).toThrow(FlagError);
    expect(() => parseFlags(argv, specs)).toThrow(message);
  });

  describe('duration flags', () => {
    const withTimeout: FlagSpec[] = [...specs, { name: 'timeout', type: 'duration', default: '30s' }];

    it.each(['60s', '1m30s', '0', '-1s', '1.5h', '300ms'])('accepts %s and keeps its text', (value) => {
      expect(parseFlags([`--timeout=${value}`], withTimeout).flags.timeout).toBe(value);
      expect(parseFlags(['--timeout', value, 'pod/x'], withTimeout).args).toEqual(['pod/x']);
    });

    it('keeps the default when not given', () => {
      expect(parseFlags([], withTimeout).flags.timeout).toBe('30s');
    });

    it.each([
      ['60', 'invalid argument "60" for "--timeout" flag: time: missing unit in duration "60"'],
      ['', 'invalid argument "" for "--timeout" flag: time: invalid duration ""'],
      ['false', 'invalid argument "false" for "--timeout" flag: time: invalid duration "false"'],
      ['1e3s', 'invalid argument "1e3s" for "--timeout" flag: time: unknown unit "e" in duration "1e3s"'],
    ])("refuses %j with time.ParseDuration's message, as pflag does", (value, message) => {
      expect(() => parseFlags(['pod/x', `--timeout=${value}`], withTimeout)).toThrow(new FlagError(message));
    });

    it('refuses before a later flag is looked at (pflag reads left to right)', () => {
      expect(() => parseFlags(['--timeout=5', '--bogus'], withTimeout)).toThrow('missing unit in duration "5"');
    });
  });
});
