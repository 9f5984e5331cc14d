// The playground's own endpoints under /kubeplay/ (not a Kubernetes API group, so no client
// discovers or caches them):
//
//   GET  /kubeplay/clock                          {paused, speed, now, nextEvent}
//   POST /kubeplay/clock/pause | /kubeplay/clock/resume
//   POST /kubeplay/clock/speed?value=X            real time × X while playing
//   POST /kubeplay/clock/step?duration=30s        advance at once (paused or not); without
//                                                 duration: to the next pending event
//   POST /kubeplay/run          (body: a script)  runs kubectl / kubeplay / sleep lines in-process,
//                                                 as `kubeplay run` does; answers the transcript
//
// so that `curl -X POST --data 'kubeplay node stop node-a1' URL/kubeplay/run` fails a node while
// real kubectl watches.

import type { IncomingMessage, ServerResponse } from 'node:http';
import { parseGoDuration } from '../k8s/duration';
import { errors } from '../engine/api/errors';
import { MAX_COMMAND_VIRTUAL_MS, MAX_COMMAND_VIRTUAL_TIME_TEXT } from '../protocol/limits';
import { ScriptSyntaxError } from '../protocol/script-parse';
import { sendJson, sendText } from './http';
import type { ServedSimulation } from './served-simulation';

export const CONTROL_PREFIX = '/kubeplay/';

function clockState(sim: ServedSimulation): object {
  const clock = sim.engine.clock;
  const next = clock.nextEventTime();
  return {
    paused: sim.paused,
    speed: sim.speed,
    now: clock.timestamp(),
    nextEvent: next === undefined ? null : clock.timestamp(next),
  };
}

/** Answers a /kubeplay/ request; `body` is the request body. */
export function handleControl(
  sim: ServedSimulation,
  req: IncomingMessage,
  res: ServerResponse,
  pathname: string,
  query: URLSearchParams,
  body: string,
): void {
  const method = req.method ?? 'GET';
  const action = pathname.slice(CONTROL_PREFIX.length).replace(/\/$/, '');
  if (action === 'clock' && method === 'GET') return sendJson(res, 200, clockState(sim));
  if (method !== 'POST') throw errors.methodNotAllowed(`${method} is not allowed on ${pathname}: use POST`);
  switch (action) {
    case 'clock/pause':
      sim.pause();
      return sendJson(res, 200, clockState(sim));
    case 'clock/resume':
      sim.resume();
      return sendJson(res, 200, clockState(sim));
    case 'clock/speed': {
      const value = Number(query.get('value'));
      if (!(value > 0) || !Number.isFinite(value)) {
        throw errors.badRequest(`speed: expects ?value= a positive number, got "${query.get('value') ?? ''}"`);
      }
      sim.setSpeed(value);
      return sendJson(res, 200, clockState(sim));
    }
    case 'clock/step': {
      const duration = query.get('duration');
      if (duration === null) {
        sim.stepToNextEvent();
        return sendJson(res, 200, clockState(sim));
      }
      let ms: number;
      try {
        ms = parseGoDuration(duration);
      } catch {
        throw errors.badRequest(`step: invalid duration "${duration}" (use e.g. 30s, 5m, 1h30m)`);
      }
      if (ms < 0) throw errors.badRequest(`step: invalid duration "${duration}" (use e.g. 30s, 5m, 1h30m)`);
      if (ms > MAX_COMMAND_VIRTUAL_MS) {
        throw errors.badRequest(`step: at most ${MAX_COMMAND_VIRTUAL_TIME_TEXT} of virtual time per step`);
      }
      sim.step(ms);
      return sendJson(res, 200, clockState(sim));
    }
    case 'run': {
      let transcript: string;
      try {
        transcript = sim.run(body);
      } catch (e) {
        if (e instanceof ScriptSyntaxError) throw errors.badRequest(e.message);
        throw e;
      }
      return sendText(res, 200, transcript);
    }
    default:
      throw errors.resourceNotFound();
  }
}
