# syntax=docker/dockerfile:1
# Build stage: full dev dependencies, builds dist/ (client assets + server bundle), then drops what
# the runtime does not need: dev dependencies (the `node` binary package among them), source maps.
FROM node:24-slim AS build
# tini (27 KB, on the same libc as the runtime stage) for its PID 1; fetched here, where apt runs.
RUN apt-get update \
 && apt-get install -y --no-install-recommends tini \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build \
 && npm prune --omit=dev --no-audit --no-fund \
 && find dist -name '*.map' -delete \
 && mkdir -p data

# Runtime stage: production dependencies and the build only; no compilers, no sources, and no RUN
# (nothing here needs a shell at build time).
FROM node:24-slim AS runtime
# The heap a 256 MiB memory limit leaves room for (docs/operations.md, Memory): the same flags
# as the manifests, and what `npm run bench` measures.
ENV NODE_ENV=production \
    NODE_OPTIONS="--max-old-space-size=128 --max-semi-space-size=2" \
    PORT=3000 \
    HOST=0.0.0.0 \
    CONTACT_QUEUE_FILE=/app/data/contact-queue.sqlite
WORKDIR /app
# Code and dependencies stay root-owned and read-only to the server: it cannot rewrite what it runs.
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
# An init as PID 1: it reaps any orphaned child (an outbox CLI run with `exec`, a shell) and
# passes SIGTERM on to Node, which drains and exits by itself (docs/operations.md).
COPY --from=build /usr/bin/tini /usr/bin/tini
# The one writable place: the contact outbox when no upstream is set (mount a volume there).
COPY --from=build --chown=node:node /app/data ./data
USER node
EXPOSE 3000
VOLUME ["/app/data"]
STOPSIGNAL SIGTERM
# The check is bash talking HTTP over /dev/tcp (a few MB for a few ms), not a second Node
# process (about 86 MB) every 15 s beside the server.
HEALTHCHECK --interval=15s --timeout=3s --start-period=10s --retries=3 \
  CMD ["bash", "-c", "exec 3<>/dev/tcp/127.0.0.1/${PORT:-3000} && printf 'GET /healthz HTTP/1.1\\r\\nHost: 127.0.0.1\\r\\nConnection: close\\r\\n\\r\\n' >&3 && read -r -t 2 status <&3 && [[ $status == 'HTTP/1.1 200 '* ]]"]
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["node", "dist/server/main.js"]
