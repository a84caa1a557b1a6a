#!/bin/sh
# `npm run image:check` — builds the production image and checks it runs as fly.toml runs it
# (docs/operations.md#image): the release command migrates, the web server and the worker
# start with `node` (no tsx anywhere), the image's HEALTHCHECK command passes for both, the
# image holds no tsx and no TypeScript, and the app user can write /data only.
#
# Needs a Docker engine, the local PostgreSQL and Redis (the containers use the host's network).
# Where Docker Hub cannot be reached, the base image `node:20-bookworm-slim` has to exist
# locally first: docs/operations.md#image says how to build a stand-in.
# ADMIN_URL (PostgreSQL superuser URL), REDIS_CHECK_URL, IMAGE_CHECK_PORT override the defaults.
set -eu
ADMIN_URL=${ADMIN_URL:-postgres://postgres@127.0.0.1:5432/postgres}
REDIS_CHECK_URL=${REDIS_CHECK_URL:-redis://127.0.0.1:6379/14}
PORT=${IMAGE_CHECK_PORT:-38080}
WORKER_PORT=$((PORT + 1))
IMAGE=rueda:check
db="rueda_image_check_$$"
DATABASE_URL="${ADMIN_URL%/*}/$db"
SECRET="image-check-session-secret-0123456789"
failures=0

if ! docker info >/dev/null 2>&1; then
  echo "No Docker engine answers. Install and start one (as root), then run this again:"
  echo "  apt-get install -y docker.io && (dockerd >/tmp/dockerd.log 2>&1 &)"
  echo "Without Docker Hub, build the base image first: docs/operations.md#image."
  exit 2
fi

pass() { echo "ok   $1"; }
fail() {
  echo "FAIL $1"
  failures=$((failures + 1))
}
cleanup() {
  docker rm -f rueda-check-web rueda-check-worker >/dev/null 2>&1 || true
  psql "$ADMIN_URL" -qc "drop database if exists $db with (force)" >/dev/null 2>&1 || true
}
trap cleanup EXIT
run() { docker run --rm --network host -e DATABASE_URL="$DATABASE_URL" -e SESSION_SECRET="$SECRET" "$@"; }

echo "== docker build"
started=$(date +%s)
docker build -t "$IMAGE" .
echo "built in $(($(date +%s) - started)) s, $(docker image inspect "$IMAGE" --format '{{.Size}}' | awk '{printf "%d MB", $1/1000000}')"

psql "$ADMIN_URL" -qc "create database $db"

echo "== checks"
if run "$IMAGE" node build/node/db-migrate.js | grep -q "Migrations applied"; then
  pass "release command (node build/node/db-migrate.js) migrates"
else fail "release command"; fi

docker run -d --name rueda-check-web --network host -e PORT="$PORT" -e HOST=127.0.0.1 \
  -e DATABASE_URL="$DATABASE_URL" -e REDIS_URL="$REDIS_CHECK_URL" -e SESSION_SECRET="$SECRET" "$IMAGE" >/dev/null
docker run -d --name rueda-check-worker --network host -e PORT="$PORT" -e WORKER_HEALTH_PORT="$WORKER_PORT" \
  -e DATABASE_URL="$DATABASE_URL" -e REDIS_URL="$REDIS_CHECK_URL" -e SESSION_SECRET="$SECRET" \
  "$IMAGE" node build/node/worker.js >/dev/null
for _ in $(seq 1 60); do
  curl -fsS "http://127.0.0.1:$PORT/healthz" >/dev/null 2>&1 && break
  sleep 1
done
if curl -fsS "http://127.0.0.1:$PORT/healthz" | grep -q '"ok"'; then pass "web answers /healthz"; else fail "web /healthz"; fi
if docker exec rueda-check-web node build/node/healthcheck.js >/dev/null; then
  pass "HEALTHCHECK command passes in the web container"
else fail "HEALTHCHECK in the web container"; fi
sleep 3
if docker exec -e WORKER_HEALTH_PORT="$WORKER_PORT" rueda-check-worker node build/node/healthcheck.js >/dev/null; then
  pass "HEALTHCHECK command passes in the worker container (its own health port)"
else fail "HEALTHCHECK in the worker container"; fi

for name in rueda-check-web rueda-check-worker; do
  commands=$(docker exec "$name" sh -c 'for f in /proc/[0-9]*/cmdline; do tr "\0" " " <"$f"; echo; done')
  if echo "$commands" | grep -aq "tsx"; then fail "$name runs tsx: $commands"; else pass "$name: $(echo "$commands" | grep -a "build/node" | head -1)"; fi
done

if run "$IMAGE" sh -c 'test ! -e node_modules/tsx && test ! -e node_modules/typescript && test ! -e node_modules/esbuild && ! ls server.ts app >/dev/null 2>&1'; then
  pass "no tsx, TypeScript, esbuild or TypeScript sources in the image"
else fail "the image holds tsx, TypeScript, esbuild or sources"; fi
if run "$IMAGE" sh -c 'whoami; ! touch /app/x 2>/dev/null && ! touch /app/node_modules/x 2>/dev/null && ! touch /app/build/x 2>/dev/null && touch /data/x' | grep -q node; then
  pass "the app user (node) cannot write /app, can write /data"
else fail "write permissions"; fi
maps=$(run "$IMAGE" sh -c 'find /app -name "*.map" -o -name "*.d.ts" | wc -l')
if [ "$maps" = "0" ]; then pass "no source maps or type declarations"; else fail "$maps maps/declarations left"; fi

if [ "$failures" -gt 0 ]; then
  echo "$failures check(s) failed"
  docker logs rueda-check-web 2>&1 | tail -20
  exit 1
fi
echo "image checks passed"
