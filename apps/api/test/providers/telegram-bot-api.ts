import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One call the fake Bot API received: the bot's token, the method and its JSON parameters. */
export interface BotApiCall {
  token: string;
  method: string;
  params: Record<string, unknown>;
}

/**
 * Telegram's Bot API, played (issue 30): answers `POST /bot<token>/<method>` as Telegram does (`{ok, result}`), and
 * records every call. getMe answers the bot named by `bots`; every other method answers `true` or a sent message.
 */
export async function startFakeBotApi(bots: Record<string, { id: number; username: string }> = {}) {
  const calls: BotApiCall[] = [];
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      const match = /^\/bot([^/]+)\/(\w+)$/.exec(req.url ?? '');
      const answer = (status: number, body: unknown) =>
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      if (!match) return answer(404, { ok: false, error_code: 404, description: 'Not Found' });
      const [, token, method] = match as unknown as [string, string, string];
      const params = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
      calls.push({ token, method, params });
      if (method === 'getMe') {
        const bot = bots[token];
        if (!bot) return answer(401, { ok: false, error_code: 401, description: 'Unauthorized' });
        return answer(200, { ok: true, result: { id: bot.id, is_bot: true, first_name: bot.username, username: bot.username } });
      }
      if (method === 'sendMessage')
        return answer(200, {
          ok: true,
          result: { message_id: calls.length, date: 0, chat: { id: Number(params.chat_id), type: 'private' }, text: params.text },
        });
      return answer(200, { ok: true, result: true });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    /** The calls of one method, in order. */
    of: (method: string) => calls.filter((c) => c.method === method),
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
