// Session scripts written by the page (script.ts, recorder.ts) read back as the engine reads them:
// a command sent to the console splits into the same words, a formatted session parses to the
// same commands, and the recorder's sleeps are durations the engine's `sleep` accepts.

import { describe, expect, it } from 'vitest';
import { splitArgs } from '../../protocol/script-parse';
import { parseGoDuration } from '../../k8s/duration';
import { sleepDurationMs } from './recorder';
import { consoleLine, formatScript, joinWords, parseScript, sleepLines } from './script';

const SAMPLES = [
  '',
  'kubectl get pods',
  '  kubectl   get\tpods  # list them\n\n# comment\nkubectl get ns',
  'kubectl label pod web \'app=my app\' x="a \\"b\\" \\$c" d\\ e',
  'kubectl get pods \\\n  -o wide\nkubectl get nodes',
  'echo \'multi\nline\' "and\\\nmore"',
  'kubectl apply -f - <<EOF\napiVersion: v1\nkind: Pod\nEOF\nkubectl get pods',
  "kubectl apply -f - <<'EOF'\n$HOME stays\nEOF",
  'cat <<-END\n\t\tindented\n\tEND\n',
  'kubectl get pods -o jsonpath=\'{range .items[*]}{.metadata.name}{"\\n"}{end}\'',
  'a#b # c \\\nd',
  'kubectl get pods | wc -l',
  'kubectl get pods > out',
  "kubectl get 'pods",
  'kubectl get pods \\',
  'kubectl apply -f - <<EOF\nno end',
  'a <<A <<B\nx\nA\ny\nB',
  'kubectl apply -f - <<\n',
  'x <<< y',
  'windows\r\nline endings\r\n',
];

describe('scripts the page writes', () => {
  it('a here-document command, as sent to the console, splits into the same words', () => {
    for (const source of SAMPLES) {
      let commands;
      try {
        commands = parseScript(source);
      } catch {
        continue;
      }
      for (const command of commands) expect(splitArgs(consoleLine(command))).toEqual(command.argv);
    }
  });

  it.each([[['kubectl', 'get', 'pods']], [['a b', "it's", '', '#x', 'ü', '$HOME', 'x\ny', '\\', '"']]])(
    'joinWords(%j) splits back',
    (argv) => {
      expect(splitArgs(joinWords(argv))).toEqual(argv);
    },
  );

  it('a formatted session parses back to its commands', () => {
    const script = formatScript([
      { kind: 'sleep', ms: 1234 },
      { kind: 'command', line: 'kubectl apply -f -', stdin: 'a: 1\nEOF\n' },
      { kind: 'command', line: "kubectl label pod web 'a=b c'" },
    ]);
    expect(parseScript(script).map((c) => [c.argv, c.stdin])).toEqual([
      [['sleep', '1.234s'], undefined],
      [['kubectl', 'apply', '-f', '-'], 'a: 1\nEOF\n'],
      [['kubectl', 'label', 'pod', 'web', 'a=b c'], undefined],
    ]);
  });

  it('writes a gap longer than one command may take as several sleeps of at most a day', () => {
    expect(sleepLines(30 * 3_600_000)).toEqual(['sleep 24h0m0s', 'sleep 6h0m0s']);
    expect(sleepLines(24 * 3_600_000)).toEqual(['sleep 24h0m0s']);
    expect(sleepLines(0)).toEqual([]);
    const script = formatScript([
      { kind: 'sleep', ms: 50 * 3_600_000 + 1500 },
      { kind: 'command', line: 'kubeplay clock' },
    ]);
    expect(script).toBe('sleep 24h0m0s\nsleep 24h0m0s\nsleep 2h0m1.5s\nkubeplay clock\n');
  });
});

describe('the recorder times sleep as the engine does', () => {
  it.each(['45s', '5m30s', '1h', '300ms', '1.5s', '2h45m0.5s', '1500us'])('sleep %s', (arg) => {
    expect(sleepDurationMs(`sleep ${arg}`)).toBeCloseTo(parseGoDuration(arg), 9);
  });
});
