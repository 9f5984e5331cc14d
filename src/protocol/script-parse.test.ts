import { describe, expect, it } from 'vitest';
import { parseScript, ScriptSyntaxError, splitArgs, type ScriptCommand } from './script-parse';

describe('splitArgs', () => {
  it.each<[string, string[]]>([
    ['kubectl get pods', ['kubectl', 'get', 'pods']],
    ['  kubectl   get\tpods  ', ['kubectl', 'get', 'pods']],
    ['', []],
    ['   ', []],
    ['# just a comment', []],
    ['kubectl get pods # list them', ['kubectl', 'get', 'pods']],
    ['kubectl get pods#notacomment', ['kubectl', 'get', 'pods#notacomment']],
    ['echo \'#\' "#" \\#', ['echo', '#', '#', '#']],
    ["kubectl label pod web 'app=my app'", ['kubectl', 'label', 'pod', 'web', 'app=my app']],
    [
      `kubectl get pods -o jsonpath='{range .items[*]}{.metadata.name}{"\\n"}{end}'`,
      ['kubectl', 'get', 'pods', '-o', 'jsonpath={range .items[*]}{.metadata.name}{"\\n"}{end}'],
    ],
    [
      'kubectl get pods -o jsonpath="{.items[*].metadata.name}"',
      ['kubectl', 'get', 'pods', '-o', 'jsonpath={.items[*].metadata.name}'],
    ],
    [
      'kubectl get pods -o jsonpath={.items[*].metadata.name}',
      ['kubectl', 'get', 'pods', '-o', 'jsonpath={.items[*].metadata.name}'],
    ],
    ['kubectl get pods -l "app in (web, api)"', ['kubectl', 'get', 'pods', '-l', 'app in (web, api)']],
    ['a\'b\'"c"d', ['abcd']],
    ['\'\' ""', ['', '']],
    ['a\\ b', ['a b']],
    ['a\\\\b', ['a\\b']],
    ["'single \\n stays'", ['single \\n stays']],
    ['"dq \\" \\\\ \\$ \\` \\n \\x"', ['dq " \\ $ ` \\n \\x']],
    ['echo $HOME ~ *.yaml `date` {a,b}', ['echo', '$HOME', '~', '*.yaml', '`date`', '{a,b}']],
    ['"multi\nline"', ['multi\nline']],
    ['kubectl --namespace=kube-system get pods', ['kubectl', '--namespace=kube-system', 'get', 'pods']],
    ['kubectl exec -it web -- sh -c "echo hi"', ['kubectl', 'exec', '-it', 'web', '--', 'sh', '-c', 'echo hi']],
  ])('%j', (line, expected) => {
    expect(splitArgs(line)).toEqual(expected);
  });

  it.each<[string, string, boolean]>([
    ["kubectl get 'pods", 'line 1: unterminated quoted string', true],
    ['kubectl get "pods', 'line 1: unterminated quoted string', true],
    ['kubectl get pods \\', 'line 1: unexpected end of file after backslash', true],
    [
      'kubectl get pods | grep web',
      "line 1: unsupported shell operator '|' (pipes, redirections and command lists are not supported)",
      false,
    ],
    [
      'kubectl get pods > out.txt',
      "line 1: unsupported shell operator '>' (pipes, redirections and command lists are not supported)",
      false,
    ],
    ['a && b', "line 1: unsupported shell operator '&&' (pipes, redirections and command lists are not supported)", false],
    ['a; b', "line 1: unsupported shell operator ';' (pipes, redirections and command lists are not supported)", false],
    ['cat <<<word', "line 1: unsupported shell operator '<<<' (pipes, redirections and command lists are not supported)", false],
    ['kubectl apply -f - <<EOF', "line 1: here-document delimited by end of file (wanted 'EOF')", true],
  ])('%j throws %s', (line, message, incomplete) => {
    let err: unknown;
    try {
      splitArgs(line);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ScriptSyntaxError);
    expect((err as ScriptSyntaxError).message).toBe(message);
    expect((err as ScriptSyntaxError).incomplete).toBe(incomplete);
  });

  it('rejects more than one command', () => {
    expect(() => splitArgs('kubectl get pods\nkubectl get nodes')).toThrow('line 2: expected a single command line');
  });
});

describe('parseScript', () => {
  it('reads a walkthrough: comments, blank lines, continuations and a here-document', () => {
    const script = [
      '# Create a deployment and look at it',
      '',
      'kubectl create deployment web --image=nginx \\',
      '  --replicas=3',
      'kubectl get pods -o wide   # wide output',
      '',
      'kubectl apply -f - <<EOF',
      'apiVersion: v1',
      'kind: ConfigMap',
      'metadata:',
      '  name: settings',
      'data:',
      '  greeting: "hello $USER"',
      'EOF',
      'kubectl get cm settings -o yaml',
    ].join('\n');
    expect(parseScript(script)).toEqual<ScriptCommand[]>([
      {
        line: 3,
        text: 'kubectl create deployment web --image=nginx \\\n  --replicas=3',
        argv: ['kubectl', 'create', 'deployment', 'web', '--image=nginx', '--replicas=3'],
      },
      { line: 5, text: 'kubectl get pods -o wide   # wide output', argv: ['kubectl', 'get', 'pods', '-o', 'wide'] },
      {
        line: 7,
        text: 'kubectl apply -f - <<EOF',
        argv: ['kubectl', 'apply', '-f', '-'],
        stdin: 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: settings\ndata:\n  greeting: "hello $USER"\n',
      },
      { line: 15, text: 'kubectl get cm settings -o yaml', argv: ['kubectl', 'get', 'cm', 'settings', '-o', 'yaml'] },
    ]);
  });

  it.each<[string, string, Partial<ScriptCommand>]>([
    ['quoted delimiter', "cat <<'EOF'\n$x `y` \\z\nEOF\n", { argv: ['cat'], stdin: '$x `y` \\z\n' }],
    ['double-quoted delimiter', 'cat <<"END"\nbody\nEND', { argv: ['cat'], stdin: 'body\n' }],
    ['space before the delimiter', 'cat << EOF\nbody\nEOF', { argv: ['cat'], stdin: 'body\n' }],
    ['operator glued to a word', 'cat x<<EOF\nbody\nEOF', { argv: ['cat', 'x'], stdin: 'body\n' }],
    [
      'words after the here-document',
      'kubectl apply -f - <<EOF --dry-run=client\nbody\nEOF',
      { argv: ['kubectl', 'apply', '-f', '-', '--dry-run=client'], stdin: 'body\n' },
    ],
    ['<<- strips leading tabs', 'cat <<-EOF\n\t\tindented\n\tEOF\n', { argv: ['cat'], stdin: 'indented\n' }],
    ['<<- keeps leading spaces', 'cat <<-EOF\n  spaced\nEOF', { argv: ['cat'], stdin: '  spaced\n' }],
    ['empty body', 'cat <<EOF\nEOF', { argv: ['cat'], stdin: '' }],
    ['blank lines in the body are kept', 'cat <<EOF\na\n\nb\nEOF', { argv: ['cat'], stdin: 'a\n\nb\n' }],
    [
      'the delimiter must match the whole line',
      'cat <<EOF\nEOF \n EOF\nEOFX\nEOF',
      { argv: ['cat'], stdin: 'EOF \n EOF\nEOFX\n' },
    ],
    ['CRLF line endings', 'cat <<EOF\r\nbody\r\nEOF\r\n', { argv: ['cat'], stdin: 'body\n' }],
  ])('here-document: %s', (_name, script, expected) => {
    const [cmd] = parseScript(script);
    expect(cmd).toMatchObject(expected);
  });

  it('counts lines through here-documents, continuations and multi-line strings', () => {
    const script = 'a <<EOF\n1\n2\nEOF\nb \\\nc\nd "x\ny"\n\ne';
    expect(parseScript(script).map((c) => [c.line, c.argv])).toEqual([
      [1, ['a']],
      [5, ['b', 'c']],
      [7, ['d', 'x\ny']],
      [10, ['e']],
    ]);
  });

  it('keeps the typed text of multi-line commands for echoing', () => {
    const [cmd] = parseScript(`kubectl annotate pod web note='first\nsecond'   \n`);
    expect(cmd.text).toBe("kubectl annotate pod web note='first\nsecond'");
    expect(cmd.argv).toEqual(['kubectl', 'annotate', 'pod', 'web', 'note=first\nsecond']);
  });

  it('a continuation inside double quotes disappears, inside single quotes it stays', () => {
    expect(parseScript('echo "a\\\nb" \'c\\\nd\'')[0].argv).toEqual(['echo', 'ab', 'c\\\nd']);
  });

  it('a comment does not continue with a backslash', () => {
    expect(parseScript('# comment \\\nkubectl get pods').map((c) => c.argv)).toEqual([['kubectl', 'get', 'pods']]);
  });

  it('a continuation followed by a blank line ends the command', () => {
    expect(parseScript('kubectl get \\\n\npods').map((c) => c.argv)).toEqual([['kubectl', 'get'], ['pods']]);
  });

  it.each<[string, string, boolean]>([
    ['kubectl get pods\necho "never closed\n\nmore', 'line 2: unterminated quoted string', true],
    ["ok\n\nkubectl label pod a 'x=y", 'line 3: unterminated quoted string', true],
    ['kubectl get pods \\', 'line 1: unexpected end of file after backslash', true],
    ['kubectl get pods \\\n', 'line 1: unexpected end of file after line continuation', true],
    ['first\nkubectl apply -f - <<EOF\napiVersion: v1\n', "line 2: here-document delimited by end of file (wanted 'EOF')", true],
    ['cat <<\nbody', 'line 1: missing here-document delimiter after <<', false],
    ['cat <<A <<B\na\nA\nb\nB', 'line 1: only one here-document per command is supported', false],
    [
      'ok\nkubectl get pods | wc -l',
      "line 2: unsupported shell operator '|' (pipes, redirections and command lists are not supported)",
      false,
    ],
    ['echo (x)', "line 1: unsupported shell operator '(' (pipes, redirections and command lists are not supported)", false],
    ['run &', "line 1: unsupported shell operator '&' (pipes, redirections and command lists are not supported)", false],
  ])('%j throws %s', (script, message, incomplete) => {
    let err: unknown;
    try {
      parseScript(script);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ScriptSyntaxError);
    expect((err as ScriptSyntaxError).message).toBe(message);
    expect((err as ScriptSyntaxError).line).toBe(Number(message.slice(5, message.indexOf(':'))));
    expect((err as ScriptSyntaxError).incomplete).toBe(incomplete);
  });

  it('ignores an empty script and comment-only scripts', () => {
    expect(parseScript('')).toEqual([]);
    expect(parseScript('\n\n# a\n   # b\n')).toEqual([]);
  });
});
