// Asks one URL again and again for a while, one request at a time on one kept-alive connection,
// and prints its latencies in milliseconds as JSON. Run as its own process beside a load generator,
// so what it measures is the server's delay, not the delay of a client busy with its own load.
import http from 'node:http';

const url = process.argv[2];
const seconds = Number(process.argv[3] ?? 8);
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
const latencies = [];
const started = Date.now();
while (Date.now() - started < seconds * 1000) {
  const t = performance.now();
  await new Promise((resolve, reject) => {
    http
      .get(url, { agent }, (res) => {
        if (res.statusCode !== 200) reject(new Error(`${url} answered ${res.statusCode}`));
        res.resume();
        res.on('end', resolve);
      })
      .on('error', reject);
  });
  latencies.push(performance.now() - t);
}
agent.destroy();
process.stdout.write(JSON.stringify(latencies));
