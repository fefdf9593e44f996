#!/usr/bin/env bash
# Starts the services of the scale-out test (test/online/scale.test.ts) on 127.0.0.1 only, from Debian's
# packages (installed if missing): Redis on port 6390 (no persistence) and the Debian PostgreSQL cluster
# (localhost:5432) with a railkit role and a railkit_test database. Prints the variables the test reads:
#   eval "$(bash server/test-services.sh)"
set -euo pipefail
log() { echo "$@" >&2; }
if ! command -v redis-server >/dev/null 2>&1 || ! command -v pg_ctlcluster >/dev/null 2>&1; then
  log "installing redis-server and postgresql"
  apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq redis-server postgresql >&2
fi
REDIS_PORT=6390
if ! redis-cli -h 127.0.0.1 -p "$REDIS_PORT" ping >/dev/null 2>&1; then
  redis-server --bind 127.0.0.1 --port "$REDIS_PORT" --daemonize yes --save '' --appendonly no \
    --logfile /tmp/railkit-redis.log >&2
fi
VER=$(pg_lsclusters -h | awk 'NR==1{print $1}')
CLUSTER=$(pg_lsclusters -h | awk 'NR==1{print $2}')
if [ -z "$VER" ]; then
  VER=$(ls /usr/lib/postgresql | sort -n | tail -1)
  CLUSTER=main
  pg_createcluster "$VER" "$CLUSTER" >&2
fi
# listen_addresses stays Debian's 'localhost' (127.0.0.1 and ::1).
pg_ctlcluster "$VER" "$CLUSTER" start >&2 2>&1 || true
for _ in $(seq 1 30); do
  pg_isready -h 127.0.0.1 -q && break
  sleep 0.5
done
su postgres -c "psql -q -tc \"SELECT 1 FROM pg_roles WHERE rolname='railkit'\" | grep -q 1 || psql -q -c \"CREATE ROLE railkit LOGIN PASSWORD 'railkit'\"" >&2
su postgres -c "psql -q -tc \"SELECT 1 FROM pg_database WHERE datname='railkit_test'\" | grep -q 1 || createdb -O railkit railkit_test" >&2
for _ in $(seq 1 20); do
  redis-cli -h 127.0.0.1 -p "$REDIS_PORT" ping >/dev/null 2>&1 && break
  sleep 0.25
done
echo "export RAILKIT_TEST_REDIS_URL=redis://127.0.0.1:$REDIS_PORT"
echo "export RAILKIT_TEST_DATABASE_URL=postgresql://railkit:railkit@127.0.0.1:5432/railkit_test"
