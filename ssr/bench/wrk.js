// Closed-loop HTTP load with wrk (Debian's package, a C client: the Makefile installs it as it does
// Chromium), not with a Node client on the same cores, which reached a quarter of wrk's rate
// against the same bare server and so measured itself (issue 27). One wrk thread, CONNECTIONS
// keep-alive connections; every request asks for gzip as a browser does. A Lua script sends the
// paths in turn and prints wrk's summary as one JSON line, read back here.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const MARK = 'WRK_SUMMARY ';
const lua = (value) => JSON.stringify(String(value)); // a JSON string is a valid Lua string literal here

/** The Lua script: `paths` in turn with `method`, `headers` and `body`; the summary as JSON. */
export function wrkScript({ paths, method = 'GET', headers = {}, body = null }) {
  const all = { 'Accept-Encoding': 'gzip', ...headers };
  return [
    `local paths = { ${paths.map(lua).join(', ')} }`,
    `local headers = { ${Object.entries(all)
      .map(([k, v]) => `[${lua(k)}] = ${lua(v)}`)
      .join(', ')} }`,
    `local body = ${body === null ? 'nil' : lua(body)}`,
    'local i = 0',
    'request = function()',
    '  i = i % #paths + 1',
    `  return wrk.format(${lua(method)}, paths[i], headers, body)`,
    'end',
    'done = function(summary, latency, requests)',
    '  local e = summary.errors',
    `  io.write(string.format('${MARK}{"requests":%d,"us":%d,"failed":%d,"bad_status":%d,"p50_us":%d,"p99_us":%d}\\n',`,
    '    summary.requests, summary.duration, e.connect + e.read + e.write + e.timeout, e.status,',
    '    latency:percentile(50), latency:percentile(99)))',
    'end',
  ].join('\n');
}

/** Parses the summary line of wrkScript's `done` out of wrk's output. */
export function parseSummary(output) {
  const line = output.split('\n').find((l) => l.startsWith(MARK));
  if (!line) throw new Error(`wrk printed no summary:\n${output}`);
  const s = JSON.parse(line.slice(MARK.length));
  return {
    requests: s.requests,
    seconds: s.us / 1e6,
    rps: s.requests / (s.us / 1e6),
    errors: s.failed + s.bad_status,
    p50: s.p50_us / 1000,
    p99: s.p99_us / 1000,
  };
}

/**
 * One wrk run against `base` (http://host:port): { requests, seconds, rps, errors, p50, p99 }
 * (milliseconds). `paths` are sent in turn.
 */
export function wrk(base, { paths, method, headers, body, seconds, connections }) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wrk-'));
  const script = path.join(dir, 'run.lua');
  fs.writeFileSync(script, wrkScript({ paths, method, headers, body }));
  const args = ['-t1', `-c${connections}`, `-d${seconds}s`, '--timeout', '10s', '-s', script, `${base}${paths[0]}`];
  return new Promise((resolve, reject) => {
    execFile('wrk', args, { encoding: 'utf8' }, (error, stdout, stderr) => {
      fs.rmSync(dir, { recursive: true, force: true });
      if (error) reject(new Error(`wrk failed: ${stderr || error.message}`));
      else {
        try {
          resolve(parseSummary(stdout));
        } catch (parseError) {
          reject(parseError);
        }
      }
    });
  });
}
