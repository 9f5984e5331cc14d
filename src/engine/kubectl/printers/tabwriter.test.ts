import { describe, expect, it } from 'vitest';
import { formatTable, sanitizeTableCell, TabWriter } from './tabwriter';

describe('formatTable (cli-runtime tabwriter: minwidth 6, padding 3, RememberWidths)', () => {
  it.each<[string, string[][], string]>([
    [
      'kubectl get pods',
      [
        ['NAME', 'READY', 'STATUS', 'RESTARTS', 'AGE'],
        ['nginx-7854ff8877-abcde', '1/1', 'Running', '0', '5m'],
      ],
      'NAME                     READY   STATUS    RESTARTS   AGE\n' +
        'nginx-7854ff8877-abcde   1/1     Running   0          5m\n',
    ],
    [
      'kubectl get nodes',
      [
        ['NAME', 'STATUS', 'ROLES', 'AGE', 'VERSION'],
        ['kind-control-plane', 'Ready', 'control-plane', '10m', 'v1.29.2'],
        ['kind-worker', 'NotReady', '<none>', '9m', 'v1.29.2'],
      ],
      'NAME                 STATUS     ROLES           AGE   VERSION\n' +
        'kind-control-plane   Ready      control-plane   10m   v1.29.2\n' +
        'kind-worker          NotReady   <none>          9m    v1.29.2\n',
    ],
    [
      'kubectl get deployments',
      [
        ['NAME', 'READY', 'UP-TO-DATE', 'AVAILABLE', 'AGE'],
        ['nginx', '3/3', '3', '3', '2m'],
      ],
      'NAME    READY   UP-TO-DATE   AVAILABLE   AGE\n' + 'nginx   3/3     3            3           2m\n',
    ],
    [
      'columns are at least 6 wide',
      [
        ['A', 'B'],
        ['x', 'y'],
      ],
      'A     B\nx     y\n',
    ],
    [
      'the last cell is never padded',
      [
        ['a', 'long-last-cell'],
        ['b', 'c'],
      ],
      'a     long-last-cell\nb     c\n',
    ],
    [
      'a row ending in an empty cell pads the cell before it (trailing blanks, as kubectl)',
      [
        ['NAME', 'NOMINATED NODE', ''],
        ['web', '<none>', ''],
      ],
      'NAME   NOMINATED NODE   \nweb    <none>           \n',
    ],
    ['a single column is never padded', [['NAME'], ['nginx'], ['a']], 'NAME\nnginx\na\n'],
    [
      'widths count code points, not UTF-16 units',
      [
        ['ñandú😀', 'x'],
        ['a', 'y'],
      ],
      'ñandú😀   x\na        y\n',
    ],
    [
      'a shorter line ends the column block to its right',
      [
        ['a', 'b', 'c'],
        ['aa', 'b'],
        ['a', 'bbbbbbbbb', 'c'],
      ],
      'a     b     c\naa    b\na     bbbbbbbbb   c\n',
    ],
    [
      'a line without tabs flushes, later blocks are laid out again (never narrower: RememberWidths)',
      [['aaaaaaaaa', 'b'], ['x'], ['a', 'b']],
      'aaaaaaaaa   b\nx\na           b\n',
    ],
    [
      'tabs inside a cell split it, as in kubectl',
      [
        ['a\tb', 'c'],
        ['d', 'e', 'f'],
      ],
      'a     b     c\nd     e     f\n',
    ],
    ['no rows', [], ''],
  ])('%s', (_name, rows, expected) => {
    expect(formatTable(rows)).toBe(expected);
  });

  it('without RememberWidths each block is laid out on its own', () => {
    expect(formatTable([['aaaaaaaaa', 'b'], ['x'], ['a', 'b']], { rememberWidths: false })).toBe('aaaaaaaaa   b\nx\na     b\n');
  });
});

describe('TabWriter streaming', () => {
  it('keeps an unterminated last line without a newline and remembers widths across flushes', () => {
    const w = new TabWriter();
    w.write('NAME\tAGE\nlong-name-here\t1');
    w.write('s\n');
    w.flush();
    expect(w.takeOutput()).toBe('NAME             AGE\nlong-name-here   1s\n');
    w.write('a\tb');
    w.flush();
    expect(w.takeOutput()).toBe('a                b');
  });
});

describe('sanitizeTableCell', () => {
  it.each<[string, string]>([
    ['plain', 'plain'],
    ['first line\nsecond line', 'first line...'],
    ['crlf\r\nline', 'crlf...'],
    ['form\ffeed', 'form...'],
    ['\x1b[31mred', '^[[31mred'],
  ])('%j → %j', (input, expected) => {
    expect(sanitizeTableCell(input)).toBe(expected);
  });
});
