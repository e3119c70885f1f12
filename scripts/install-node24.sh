#!/usr/bin/env bash
# Puts Node 24 LTS first on PATH when the machine's Node is older than the project needs (>= 22.12).
# Installs it from the npm registry (the `node` package) into ~/.cache/ascent-node24, once.
# Source it (`. scripts/install-node24.sh`) to keep the PATH change, or run `npm run node24` and
# follow the printed line.
set -euo pipefail

needs_upgrade() {
  local version
  version=$(node -p 'process.versions.node' 2>/dev/null || echo 0.0.0)
  node -e '
    const [maj, min] = process.argv[1].split(".").map(Number);
    process.exit(maj > 22 || (maj === 22 && min >= 12) ? 1 : 0);
  ' "$version" 2>/dev/null || return 1
}

prefix="${ASCENT_NODE_PREFIX:-$HOME/.cache/ascent-node24}"
if ! command -v node >/dev/null 2>&1 || needs_upgrade; then
  if [ ! -x "$prefix/bin/node" ]; then
    echo "Installing Node 24 from the npm registry into $prefix" >&2
    npm install --global --prefix "$prefix" --no-audit --no-fund node@24 >&2
  fi
  export PATH="$prefix/bin:$PATH"
  echo "Node $(node --version) from $prefix/bin; to keep it: export PATH=\"$prefix/bin:\$PATH\"" >&2
fi
