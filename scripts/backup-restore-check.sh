#!/bin/sh
# `npm run backup:check` — a backup and a restore, tested (docs/operations.md#backups):
# a scratch database gets the migrations and the demo data, is dumped with pg_dump (custom
# format, as the backup command in the docs), restored with pg_restore into a second scratch
# database, and every table's row count must match. Both databases are dropped at the end.
# ADMIN_URL: a PostgreSQL superuser URL (default the local server). Needs pg_dump/pg_restore
# of the server's major version or newer.
set -eu
ADMIN_URL=${ADMIN_URL:-postgres://postgres@127.0.0.1:5432/postgres}
base=${ADMIN_URL%/*}
source_db="rueda_backup_src_$$"
target_db="rueda_backup_dst_$$"
dump="${TMPDIR:-/tmp}/rueda-backup-$$.dump"

cleanup() {
  psql "$ADMIN_URL" -qc "drop database if exists $source_db with (force)" -c "drop database if exists $target_db with (force)" >/dev/null
  rm -f "$dump"
}
trap cleanup EXIT

psql "$ADMIN_URL" -qc "create database $source_db" -c "create database $target_db"
echo "== a database with the migrations and demo data"
DATABASE_URL="$base/$source_db" npx tsx scripts/seed.ts >/dev/null

echo "== backup: pg_dump --format=custom"
pg_dump --format=custom --no-owner --no-privileges --file "$dump" "$base/$source_db"
ls -l "$dump"

echo "== restore: pg_restore into an empty database"
pg_restore --no-owner --no-privileges --exit-on-error --dbname "$base/$target_db" "$dump"

count_rows() {
  psql "$base/$1" -tAc "select string_agg(t, ' ' order by t) from (
    select format('%s.%s=%s', schemaname, relname,
      (xpath('/row/c/text()', query_to_xml(format('select count(*) as c from %I.%I', schemaname, relname), false, true, '')))[1]::text) as t
    from pg_stat_user_tables) rows"
}
before=$(count_rows "$source_db")
after=$(count_rows "$target_db")
if [ "$before" != "$after" ]; then
  echo "FAILED: the restored database differs"
  echo "source:   $before"
  echo "restored: $after"
  exit 1
fi
echo "$before" | tr ' ' '\n' | grep -E '(users|bookings|cars|outbox|__drizzle_migrations)=' || true
echo "ok: every table of the restored database has the source's row count ($(echo "$before" | wc -w) tables)"
