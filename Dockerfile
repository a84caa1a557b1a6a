# Multi-stage image for Rueda: one image runs the web process (default) or the worker.
#   docker build -t rueda .
#   docker run -p 8080:8080 -e DATABASE_URL=... -e REDIS_URL=... -e SESSION_SECRET=... rueda
#   docker run ... rueda node --import tsx worker.ts
#   docker run ... rueda node --import tsx scripts/admin-create.ts --email you@example.com   (first admin)
FROM node:20-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY patches ./patches
RUN npm ci --no-audit --no-fund

FROM deps AS build
COPY . .
RUN npx remix vite:build && npm prune --omit=dev

FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production PORT=8080 HOST=0.0.0.0 DATA_DIR=/data
WORKDIR /app
COPY --from=build --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/build ./build
COPY --chown=node:node package.json server.ts worker.ts tsconfig.json ./
COPY --chown=node:node app ./app
COPY --chown=node:node config ./config
COPY --chown=node:node db ./db
COPY --chown=node:node jobs ./jobs
COPY --chown=node:node public ./public
COPY --chown=node:node scripts ./scripts
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 8080
HEALTHCHECK --interval=30s --timeout=5s CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/healthz').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
CMD ["node", "--import", "tsx", "server.ts"]
