#!/bin/sh
# Compile src/ to dist/ (Zero runs dist/main.js). The TypeScript compiler is this folder's own
# (fetched once by npm), or the one $TSC names.
set -eu
cd "$(dirname "$0")"
if [ -z "${TSC:-}" ]; then
  [ -x node_modules/.bin/tsc ] || npm install --no-audit --no-fund
  TSC=node_modules/.bin/tsc
fi
"$TSC" -p tsconfig.json
