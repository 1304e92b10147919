// The bench's bare server: one Node process answering each captured path with the bytes and the
// headers the storefront sent for it (status, Content-Type, Content-Encoding, CSP, ...), and
// nothing else; a rate against it is the client's ceiling for those answers. Paths it was not
// given get 404.
//   node ssr/bench/bareServer.js <answers.json> <port>
// answers.json: { "<path>": { "status": 200, "headers": { ... }, "body": "<base64>" } }
import fs from 'node:fs';
import http from 'node:http';

const [file, port] = process.argv.slice(2);
const answers = new Map(
  Object.entries(JSON.parse(fs.readFileSync(file, 'utf8'))).map(([key, a]) => [
    key,
    { status: a.status, headers: a.headers, body: Buffer.from(a.body, 'base64') },
  ]),
);

http
  .createServer((req, res) => {
    const answer = answers.get(req.url);
    if (!answer) return res.writeHead(404).end();
    req.resume();
    res.writeHead(answer.status, answer.headers);
    return res.end(answer.body);
  })
  .listen(Number(port), '127.0.0.1');
