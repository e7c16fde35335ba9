#!/usr/bin/env bash
# Issue 16, item 1: the full exit loop. Starts each built server, loads its job workers (and, for
# gRPC, a DuckDB session) with DuckDB queries, sends SIGTERM then a second signal, and checks that
# every exit is 130 without a native abort. Default: 100 exits per server, 200 in all.
#   tools/robustness/exit-loop.sh [exits-per-server]
set -euo pipefail
cd "$(dirname "$0")/../.."
per_server="${1:-100}"
export NX_DAEMON=false NX_NO_CLOUD=true EXIT_LOOP_ITERATIONS="$per_server"
npx nx run-many -t build-workers --outputStyle=static >/dev/null
npx nx run grpc-server:codegen --outputStyle=static >/dev/null
npx nx build console --outputStyle=static >/dev/null
mkdir -p tmp
for config in apps/grpc-server/jest.config.js apps/http-server/jest.config.js; do
  npx jest -c "$config" --testPathPatterns 'test/exit-loop' 2>&1 | grep -vE '^npm warn' || true
done
