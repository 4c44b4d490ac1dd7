# syntax=docker/dockerfile:1.7
# The production image (issue 33): built in one stage, run from a slim one as a non-root user with production
# dependencies only. The API runs as JavaScript (apps/api/dist/server.mjs, scripts/build-api.mjs); the storefront,
# its server renderer and the console are served from their builds. Docker cannot run on the machines this project
# is developed on: the same shape is proved without containers by `npm run test:cluster` (README, "In production").

FROM node:20.20-bookworm-slim AS build
WORKDIR /app
# The workspaces' manifests first, so the dependency layer is cached while only sources change.
COPY package.json package-lock.json ./
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY apps/ops/package.json apps/ops/
COPY packages/client/package.json packages/client/
COPY packages/db/package.json packages/db/
COPY packages/domain/package.json packages/domain/
COPY packages/i18n/package.json packages/i18n/
COPY e2e/package.json e2e/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:20.20-bookworm-slim AS dependencies
WORKDIR /app
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/apps/api/package.json apps/api/
COPY --from=build /app/apps/web/package.json apps/web/
COPY --from=build /app/apps/ops/package.json apps/ops/
COPY --from=build /app/packages/client/package.json packages/client/
COPY --from=build /app/packages/db/package.json packages/db/
COPY --from=build /app/packages/domain/package.json packages/domain/
COPY --from=build /app/packages/i18n/package.json packages/i18n/
COPY --from=build /app/e2e/package.json e2e/
# Production dependencies only; sharp's native part for linux-x64 comes with it (an optional dependency npm installs).
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

FROM node:20.20-bookworm-slim
ENV NODE_ENV=production \
    PORT=3000 \
    DATA_DIR=/data \
    SEED_DEMO=false \
    MALLOC_MMAP_THRESHOLD_=131072
WORKDIR /app
COPY --from=dependencies --chown=node:node /app ./
# The bundle finds its files from the repository's layout (migrations, media, the builds): the same paths here.
COPY --from=build --chown=node:node /app/apps/api/dist apps/api/dist
COPY --from=build --chown=node:node /app/apps/web/dist apps/web/dist
COPY --from=build --chown=node:node /app/apps/web/dist-ssr apps/web/dist-ssr
COPY --from=build --chown=node:node /app/apps/ops/dist apps/ops/dist
COPY --from=build --chown=node:node /app/packages/db/drizzle packages/db/drizzle
COPY --from=build --chown=node:node /app/packages/db/media packages/db/media
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
VOLUME ["/data"]
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# SIGTERM drains (DRAIN_SECONDS) and stops without losing a request (apps/api/src/server.ts).
STOPSIGNAL SIGTERM
CMD ["node", "--enable-source-maps", "apps/api/dist/server.mjs"]
