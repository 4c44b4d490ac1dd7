/** Chat with the brand (issue 32): what app.ts may import. */
export { chatRoutes } from './chat.routes.ts';
export { createChatService, type ChatService } from './chat.service.ts';
