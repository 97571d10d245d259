#!/bin/sh
# The typecheck, the build and the lint of `npm test`, at once (each is one single-threaded
# process); fails if any fails, after all have ended.
status=0
npm run typecheck --silent &
typecheck=$!
npm run build --silent &
build=$!
npm run lint --silent &
lint=$!
wait "$typecheck" || { echo "[checks] typecheck failed" >&2; status=1; }
wait "$build" || { echo "[checks] build failed" >&2; status=1; }
wait "$lint" || { echo "[checks] lint failed" >&2; status=1; }
exit "$status"
