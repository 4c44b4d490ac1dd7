/** The live path (issue 15): order events in the database, one LISTEN per process, server-sent event streams. */
export { type ChannelListener, createEventHub, type EventHub } from './event-hub.ts';
export {
  announceSessionsEnded,
  createEventsRepository,
  EVENTS_KEPT_MS,
  REPLAY_WINDOW,
  type EventsRepository,
} from './events.repository.ts';
export { checkStreamSessions, endAllStreams, openStreams, registerStreamChecks, streamEvents } from './event-stream.ts';
export { orderEventOf, type LiveEvent } from './live-event.ts';
export { trackingRoutes } from './tracking.routes.ts';
export { createNudges, endNudgeStreams, nudge, type Nudge, type Nudges } from './nudges.ts';
