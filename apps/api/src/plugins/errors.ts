import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError, errorBody, type ErrorCode } from '@dasturxon/domain';

/** Statuses Fastify itself raises, mapped onto the catalogue. */
function codeForStatus(status: number): ErrorCode {
  if (status === 401) return 'UNAUTHORIZED';
  if (status === 403) return 'FORBIDDEN';
  if (status === 404) return 'NOT_FOUND';
  if (status === 429) return 'RATE_LIMITED';
  if (status >= 400 && status < 500) return 'VALIDATION_FAILED';
  return 'INTERNAL_ERROR';
}

/** Names the fields a validation error is about, e.g. `body.cartItems.0.count`. */
function validationDetails(error: FastifyError): Record<string, unknown> {
  if (hasZodFastifySchemaValidationErrors(error)) {
    const context = error.validationContext ?? 'body';
    const fields = error.validation.map((v) => {
      const path = v.instancePath.split('/').filter(Boolean);
      const params = v.params as { keys?: string[] };
      const unknownKeys = v.keyword === 'unrecognized_keys' ? (params.keys ?? []) : [];
      return {
        field: [context, ...path, ...(unknownKeys.length === 1 ? unknownKeys : [])].join('.'),
        message: v.message,
        ...(unknownKeys.length ? { unknownKeys } : {}),
      };
    });
    return { fields };
  }
  return { fields: [{ field: error.validationContext ?? 'request', message: error.message }] };
}

/**
 * The one error handler, and the one place an error becomes HTTP: every failure leaves as a catalogue
 * body with its status and recovery headers; a 5xx never shows internals.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      if (error.status >= 500) request.log.error({ err: error }, 'app error');
      // Tell clients how to recover: which scheme to authenticate with, how long to wait.
      if (error.code === 'UNAUTHORIZED') reply.header('www-authenticate', 'Bearer');
      const retryAfter = error.details?.retryAfterSeconds;
      if (typeof retryAfter === 'number') reply.header('retry-after', String(retryAfter));
      return reply.status(error.status).send(error.toBody());
    }
    if (error.validation) {
      return reply.status(400).send(errorBody('VALIDATION_FAILED', validationDetails(error)));
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response does not match its schema');
      return reply.status(500).send(errorBody('INTERNAL_ERROR'));
    }
    const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'unhandled error');
      return reply.status(500).send(errorBody('INTERNAL_ERROR'));
    }
    const code = codeForStatus(status);
    return reply
      .status(status)
      .send(errorBody(code, code === 'VALIDATION_FAILED' ? { fields: [{ field: 'request', message: error.message }] } : undefined));
  });
}

/**
 * Requests Node's own parser refuses before Fastify sees them (a malformed request line or header, headers
 * over the limit, a request too slow to arrive): answered in the error format too, then the connection closes.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const [status, reason, code]: [number, string, ErrorCode] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request Header Fields Too Large', 'HEADERS_TOO_LARGE']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', 'VALIDATION_FAILED']
        : [400, 'Bad Request', 'VALIDATION_FAILED'];
  const body = JSON.stringify(
    errorBody(code, code === 'VALIDATION_FAILED' ? { fields: [{ field: 'request', message: 'is not a valid HTTP request' }] } : undefined),
  );
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

/**
 * What Fastify's router refuses before any hook (Fastify's `frameworkErrors`): a path that does not decode (bytes that
 * are not UTF-8, such as half of a UTF-16 pair) or a parameter over its length, answered in the error format
 * rather than Fastify's own body.
 */
export function answerFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  if (error.code === 'FST_ERR_BAD_URL') {
    void reply.status(400).send(errorBody('VALIDATION_FAILED', { fields: [{ field: 'path', message: 'is not a valid address' }] }));
  } else if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    void reply.status(414).send(errorBody('VALIDATION_FAILED', { fields: [{ field: 'path', message: 'is too long' }] }));
  } else {
    void reply.status(500).send(errorBody('INTERNAL_ERROR'));
  }
}
