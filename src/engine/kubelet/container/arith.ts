// Brace ranges and $((…)) arithmetic for the shell subset.

/** `{1..5}`, `a{1..3}b`, `{5..1}`, `{1..10..2}` and `{a,b,c}`; undefined when not a brace expression. */
export function expandBraces(word: string): string[] | undefined {
  const range = /^(.*?)\{(-?\d+)\.\.(-?\d+)(?:\.\.(-?\d+))?\}(.*)$/.exec(word);
  if (range) {
    const [, pre, a, b, s, post] = range;
    const from = Number(a);
    const to = Number(b);
    const step = Math.max(1, Math.abs(Number(s ?? 1)));
    if (Math.abs(to - from) / step > 100_000) return undefined;
    const out: string[] = [];
    if (from <= to) for (let i = from; i <= to; i += step) out.push(`${pre}${i}${post}`);
    else for (let i = from; i >= to; i -= step) out.push(`${pre}${i}${post}`);
    return out;
  }
  const list = /^(.*?)\{([^{},]*(?:,[^{},]*)+)\}(.*)$/.exec(word);
  if (list) return list[2].split(',').map((x) => `${list[1]}${x}${list[3]}`);
  return undefined;
}

/** Integer arithmetic for $((…)): + - * / % comparisons && || ! unary ± and parentheses. */
export function evalArith(src: string, lookup: (name: string) => string | undefined): number {
  const toks = src.match(/\d+|[A-Za-z_][A-Za-z0-9_]*|<=|>=|==|!=|&&|\|\||[-+*/%()<>!]|\S/g) ?? [];
  let p = 0;
  const peek = () => toks[p];
  const BIN: [string[], (a: number, b: number) => number][] = [
    [['||'], (a, b) => (a || b ? 1 : 0)],
    [['&&'], (a, b) => (a && b ? 1 : 0)],
    [['==', '!='], () => 0],
    [['<', '>', '<=', '>='], () => 0],
    [['+', '-'], () => 0],
    [['*', '/', '%'], () => 0],
  ];
  const apply = (op: string, a: number, b: number): number => {
    switch (op) {
      case '||':
        return a || b ? 1 : 0;
      case '&&':
        return a && b ? 1 : 0;
      case '==':
        return a === b ? 1 : 0;
      case '!=':
        return a !== b ? 1 : 0;
      case '<':
        return a < b ? 1 : 0;
      case '>':
        return a > b ? 1 : 0;
      case '<=':
        return a <= b ? 1 : 0;
      case '>=':
        return a >= b ? 1 : 0;
      case '+':
        return a + b;
      case '-':
        return a - b;
      case '*':
        return a * b;
      default:
        if (b === 0) throw new Error('divide by zero');
        return op === '/' ? Math.trunc(a / b) : a % b;
    }
  };
  const unary = (): number => {
    const t = peek();
    if (t === '-' || t === '+' || t === '!') {
      p++;
      const v = unary();
      return t === '-' ? -v : t === '!' ? (v ? 0 : 1) : v;
    }
    if (t === '(') {
      p++;
      const v = binary(0);
      if (toks[p++] !== ')') throw new Error('expected )');
      return v;
    }
    p++;
    if (t !== undefined && /^\d+$/.test(t)) return Number(t);
    if (t !== undefined && /^[A-Za-z_]/.test(t)) {
      const v = Number(lookup(t) ?? 0);
      return Number.isInteger(v) ? v : 0;
    }
    throw new Error(`unexpected ${t}`);
  };
  const binary = (level: number): number => {
    if (level >= BIN.length) return unary();
    let left = binary(level + 1);
    while (peek() !== undefined && BIN[level][0].includes(peek())) {
      const op = toks[p++];
      left = apply(op, left, binary(level + 1));
    }
    return left;
  };
  if (toks.length === 0) return 0;
  const v = binary(0);
  if (p !== toks.length) throw new Error('trailing tokens');
  return v;
}
