import { appendFile, mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { maskPhone } from '@dasturxon/domain';
import type { Clock } from '../clock.ts';
import { SmsError, type SmsGateway } from './sms.gateway.ts';

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
 * appended to the outbox file, where a person trying the demo (and the end-to-end journeys) reads
 * the code. The log says a message went there, with the number masked and never the text: a log is
 * read by more people, and kept longer, than a code may be. In production it sends only when
 * SMS_OUTBOX allows it (`allowed`).
 */
export function createOutboxGateway(options: { file: string; clock: Clock; log: FastifyBaseLogger; allowed: boolean }): SmsGateway {
  return {
    name: 'OUTBOX',
    async send(message) {
      if (!options.allowed)
        throw new SmsError(
          'OUTBOX',
          `merchant ${message.merchantId} uses the outbox gateway, which SMS_OUTBOX does not allow in production`,
        );
      const line: OutboxLine = {
        to: message.to,
        text: message.text,
        merchantId: message.merchantId,
        at: options.clock.now().toISOString(),
      };
      await mkdir(dirname(options.file), { recursive: true });
      // One write per line: appends of a few hundred bytes do not interleave between processes.
      await appendFile(options.file, `${JSON.stringify(line)}\n`, 'utf8');
      options.log.info({ to: maskPhone(message.to), merchantId: message.merchantId, file: options.file }, 'SMS written to the outbox file');
    },
  };
}
