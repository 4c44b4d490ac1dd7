import { appendFile, mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock.ts';
import type { SmsGateway } from './sms.gateway.ts';

/** The outbox file under DATA_DIR: one JSON line per message. */
export const OUTBOX_FILE = 'sms-outbox.jsonl';

/** A line of the outbox file. */
export interface OutboxLine {
  to: string;
  text: string;
  merchantId: string;
  /** ISO time by the server's clock. */
  at: string;
}

/**
 * The gateway of the demo, development and tests: nothing leaves the machine. Each message is
 * appended to the outbox file (the end-to-end journeys read codes from it) and logged, so a person
 * trying the demo finds the code in the server's output.
 */
export function createOutboxGateway(options: { file: string; clock: Clock; log: FastifyBaseLogger }): SmsGateway {
  return {
    name: 'OUTBOX',
    async send(message) {
      const line: OutboxLine = { to: message.to, text: message.text, merchantId: message.merchantId, at: options.clock.now().toISOString() };
      await mkdir(dirname(options.file), { recursive: true });
      // One write per line: appends of a few hundred bytes do not interleave between processes.
      await appendFile(options.file, `${JSON.stringify(line)}\n`, 'utf8');
      options.log.info({ sms: line }, 'SMS written to the outbox');
    },
  };
}
