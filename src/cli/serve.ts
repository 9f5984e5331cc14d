// `kubeplay serve`: runs a simulated cluster on real time × speed behind a Kubernetes-compatible
// HTTP API (src/serve) until Ctrl+C, and writes a kubeconfig for it on request.

import { readFileSync } from 'node:fs';
import { isLoopback, startServer, type ServeOptions } from '../serve/server';
import { writeKubeconfig } from '../serve/kubeconfig';

export const SERVE_USAGE = `Usage: kubeplay serve [--port 8080] [--address 127.0.0.1] [--seed N] [--speed X] [--paused]
                      [--start-time RFC3339] [--script FILE] [--kubeconfig FILE] [--allow-non-loopback]

Serves a fresh simulated cluster over plain HTTP as a Kubernetes API server, so that kubectl,
k9s, Headlamp or a client library can drive it:

  kubeplay serve --kubeconfig /tmp/kubeplay.yaml
  kubectl --kubeconfig /tmp/kubeplay.yaml get nodes

The clock starts at the current time (--start-time: another one; kubeplay run starts at
2026-01-01T00:00:00Z) and follows real time × speed (--paused: only steps). Control it, or run kubeplay
commands, over HTTP: POST /kubeplay/clock/pause, /kubeplay/clock/resume,
/kubeplay/clock/speed?value=X, /kubeplay/clock/step?duration=30s, /kubeplay/run (body: script).

There is no authentication: it listens on loopback only unless --allow-non-loopback is given.
`;

interface ParsedServe {
  options: ServeOptions;
  kubeconfig?: string;
  scriptFile?: string;
}

function parseServeArgs(args: string[]): ParsedServe | string {
  const parsed: ParsedServe = { options: { port: 8080 } };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    const eq = arg.indexOf('=');
    const name = arg.startsWith('--') ? (eq > 0 ? arg.slice(2, eq) : arg.slice(2)) : '';
    const value = () => {
      if (eq > 0) return arg.slice(eq + 1);
      const next = args[++i];
      if (next === undefined) throw new Error(`--${name} expects a value`);
      return next;
    };
    try {
      switch (name) {
        case 'port': {
          const v = value();
          if (!/^\d+$/.test(v) || Number(v) > 65535) return `--port expects a port number (0–65535), got "${v}"`;
          parsed.options.port = Number(v);
          break;
        }
        case 'address':
          parsed.options.address = value();
          break;
        case 'seed': {
          const v = value();
          if (!/^\d+$/.test(v)) return `--seed expects a non-negative integer, got "${v}"`;
          parsed.options.seed = Number(v);
          break;
        }
        case 'speed': {
          const v = value();
          const n = Number(v);
          if (!(n > 0) || !Number.isFinite(n)) return `--speed expects a positive number, got "${v}"`;
          parsed.options.speed = n;
          break;
        }
        case 'start-time': {
          const v = value();
          const ms = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/.test(v) ? Date.parse(v) : NaN;
          if (Number.isNaN(ms)) return `--start-time expects an RFC 3339 time such as 2026-01-01T00:00:00Z, got "${v}"`;
          parsed.options.epochMs = ms;
          break;
        }
        case 'paused':
          parsed.options.paused = true;
          break;
        case 'script':
          parsed.scriptFile = value();
          break;
        case 'kubeconfig':
          parsed.kubeconfig = value();
          break;
        case 'allow-non-loopback':
          parsed.options.allowNonLoopback = true;
          break;
        default:
          return `unknown flag "${arg}"`;
      }
    } catch (e) {
      return (e as Error).message;
    }
  }
  return parsed;
}

export async function runServe(args: string[]): Promise<number> {
  if (args.includes('--help') || args.includes('-h')) {
    process.stdout.write(SERVE_USAGE);
    return 0;
  }
  const parsed = parseServeArgs(args);
  if (typeof parsed === 'string') {
    process.stderr.write(`kubeplay serve: ${parsed}\n\n${SERVE_USAGE}`);
    return 2;
  }
  const { options } = parsed;
  // Whole seconds: object timestamps have no fraction.
  options.epochMs ??= Math.floor(Date.now() / 1000) * 1000;
  if (parsed.scriptFile !== undefined) {
    try {
      options.script = readFileSync(parsed.scriptFile === '-' ? 0 : parsed.scriptFile, 'utf8');
    } catch (e) {
      process.stderr.write(
        `kubeplay serve: cannot read ${parsed.scriptFile}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}\n`,
      );
      return 2;
    }
  }
  const address = options.address ?? '127.0.0.1';
  if (!isLoopback(address)) {
    if (!options.allowNonLoopback) {
      process.stderr.write(
        `kubeplay serve: refusing to listen on ${address}: the API has no authentication, so anyone who reaches it controls the cluster; pass --allow-non-loopback to do it anyway\n`,
      );
      return 2;
    }
    process.stderr.write(
      `kubeplay serve: WARNING: listening on ${address} without authentication: anyone who can reach this port can read and change the simulated cluster\n`,
    );
  }
  let server;
  try {
    server = await startServer(options);
  } catch (e) {
    process.stderr.write(`kubeplay serve: ${(e as Error).message}\n`);
    return 1;
  }
  if (server.scriptTranscript) process.stdout.write(server.scriptTranscript);
  if (parsed.kubeconfig) {
    try {
      writeKubeconfig(parsed.kubeconfig, server.url);
    } catch (e) {
      process.stderr.write(`kubeplay serve: cannot write ${parsed.kubeconfig}: ${(e as Error).message}\n`);
      await server.close();
      return 1;
    }
  }
  process.stdout.write(`Kubeplay API server listening on ${server.url}\n`);
  if (parsed.kubeconfig)
    process.stdout.write(`kubeconfig written to ${parsed.kubeconfig}: kubectl --kubeconfig ${parsed.kubeconfig} get nodes\n`);
  else process.stdout.write(`kubectl --server ${server.url} get nodes\n`);
  const running = server;
  await new Promise<void>((resolve) => {
    const stop = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      void running.close().then(resolve);
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
  return 0;
}
