# Multi-stage image for Rueda: one image runs the web process (default) or the worker, all
# compiled JavaScript run by `node` (docs/operations.md#build):
#   docker build -t rueda .
#   docker run -p 8080:8080 -e DATABASE_URL=... -e REDIS_URL=... -e SESSION_SECRET=... rueda
#   docker run ... rueda node build/node/worker.js
#   docker run ... rueda node build/node/db-migrate.js                                       (the release command)
#   docker run ... rueda node build/node/admin-create.js --email you@example.com             (first admin)
# scripts/image-check.sh builds it and checks what the runtime image holds and how it runs.
FROM node:20-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY patches ./patches
RUN npm ci --no-audit --no-fund

FROM deps AS build
COPY . .
# The app (Remix) and the processes (server, worker, release command, operator commands) to
# JavaScript; then production dependencies only. TypeScript is an optional peer of Remix's
# packages that nothing loads at run time; type declarations and source maps are not read
# either; sharp's WebAssembly build is a fallback for platforms without its native one.
RUN npm run build \
  && npm prune --omit=dev --no-audit --no-fund \
  && rm -rf node_modules/typescript node_modules/@img/sharp-wasm32 node_modules/.cache \
  && find node_modules -type f \( -name "*.map" -o -name "*.d.ts" -o -name "*.d.mts" -o -name "*.d.cts" \) -delete

FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production PORT=8080 HOST=0.0.0.0 DATA_DIR=/data WORKER_HEALTH_PORT=8081
# A cap on V8's old generation: without it V8 lets garbage pile up towards a limit sized for the
# whole machine (325 MB per web process after 6,000 searches; 182 MB with it): docs/operations.md#memory.
ENV NODE_OPTIONS="--max-old-space-size=256"
WORKDIR /app
# Owned by root: the app user reads the code and its packages but cannot change them; only
# /data (PGlite without DATABASE_URL, emails without Resend, a generated secret) is writable.
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY --from=build /app/db/migrations ./db/migrations
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 8080
# Either process: the web server's /healthz on PORT, or the worker's on WORKER_HEALTH_PORT.
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s CMD ["node", "build/node/healthcheck.js"]
CMD ["node", "build/node/server.js"]
