import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ErrorResponse,
  Floor,
  FloorBranchParams,
  FloorQuery,
  FloorSessionParams,
  TableLinkSheet,
  WaiterCall,
  WaiterCallIdParams,
} from '@dasturxon/domain/contracts';
import { worksAt } from '@dasturxon/domain';
import { requireStaff } from '../staff/index.ts';
import type { Nudges } from '../live/index.ts';
import type { TableService } from './table-service.service.ts';

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse };
const tags = ['ops'];
const security = [{ bearer: [] }];
/** Who works the floor: the waiter, and whoever runs the branch. */
const floorStaff = { tenant: 'active', staff: ['owner', 'admin', 'manager', 'operator', 'waiter'] } as const;

/**
 * The staff's floor (issue 32; docs/restaurant.md "QR tables"): the tables' calls and running bills of the member's
 * branches, live through a stream of nudges (live/nudges.ts), the calls' moves, closing a table, the QR sheet.
 */
export const floorRoutes: FastifyPluginAsyncZod<{ service: TableService; nudges: Nudges }> = async (app, { service, nudges }) => {
  app.get(
    '/ops/v1/floor',
    {
      config: floorStaff,
      schema: {
        tags,
        security,
        summary: "The floor: the open calls (oldest first) and the running tables of the member's branches",
        description: 'With branchId, of that branch only (404 for one the member does not work at).',
        querystring: FloorQuery,
        response: { 200: Floor, ...errors },
      },
    },
    async (request) => service.floor(requireStaff(request), request.query.branchId),
  );

  app.get(
    '/ops/v1/floor/stream',
    {
      config: floorStaff,
      schema: {
        tags,
        security,
        summary: "The floor's live nudges (server-sent events)",
        description:
          "`event: floor` with `data` {branchId, sessionId, what: call|table|order} each time a call or a table of the member's branches changes: " +
          'read GET /ops/v1/floor again. Nothing is replayed: read the floor after every (re)connect. A comment line every 25 s keeps it open.',
        produces: ['text/event-stream'],
      },
    },
    async (request, reply) => {
      const member = requireStaff(request);
      nudges.stream(request, reply, member.merchantId, (n) =>
        n.topic === 'floor' && worksAt(member, n.branchId) ? { branchId: n.branchId, sessionId: n.sessionId, what: n.what } : null,
      );
    },
  );

  for (const [path, to, summary] of [
    ['take', 'TAKEN', 'Take a call: the table is told the waiter is coming'],
    ['close', 'CLOSED', 'Close a call (done)'],
  ] as const) {
    app.post(
      `/ops/v1/floor/calls/:id/${path}`,
      {
        config: floorStaff,
        schema: {
          tags,
          security,
          summary,
          description: '409 WAITER_CALL_MOVE_INVALID when the call has moved on (taken or closed by someone else).',
          params: WaiterCallIdParams,
          response: { 200: WaiterCall, ...errors },
        },
      },
      async (request) => service.moveCall(requireStaff(request), request.params.id, to),
    );
  }

  app.post(
    '/ops/v1/floor/tables/:id/close',
    {
      config: floorStaff,
      schema: {
        tags,
        security,
        summary: "Close a table: its session ends (the guests' seats order no more) and its calls close",
        params: FloorSessionParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await service.closeTable(requireStaff(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/ops/v1/floor/branches/:id/qr',
    {
      config: floorStaff,
      schema: {
        tags,
        security,
        summary: "The branch's tables with their QR links, for the print sheet",
        description: "Each link is the brand's site (the host this is asked on) + /t/<signed token>.",
        params: FloorBranchParams,
        response: { 200: TableLinkSheet, ...errors },
      },
    },
    async (request) => service.sheet(requireStaff(request), request.params.id, `${request.protocol}://${request.host}`),
  );
};
