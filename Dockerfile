# syntax=docker/dockerfile:1
# The base, as a build argument: a release pins it by digest (docs/operations.md, Images), and
# scripts/image.sh builds against a local stand-in of the same name.
ARG BASE_IMAGE=node:24-slim

# Build stage: full dev dependencies, builds dist/: the client's assets and the server bundled
# with its dependencies (scripts/build.ts), so the runtime needs no node_modules at all.
FROM ${BASE_IMAGE} AS build
# tini (27 KB, on the same libc as the runtime stage) for its PID 1; fetched here, where apt runs.
RUN apt-get update \
 && apt-get install -y --no-install-recommends tini \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
# The commit this image is built from (the build context has no .git): build_info on /metrics.
ARG BUILD_COMMIT=unknown
RUN BUILD_COMMIT="$BUILD_COMMIT" npm run build \
 && find dist -name '*.map' -delete \
 && mkdir -p data

# Runtime stage: the build only; no node_modules, no compilers, no sources, and no RUN (nothing
# here needs a shell at build time).
FROM ${BASE_IMAGE} AS runtime
ARG BUILD_COMMIT=unknown
LABEL org.opencontainers.image.title="agentverse-site" \
      org.opencontainers.image.description="The marketplace's public website: streaming SSR and the contact relay" \
      org.opencontainers.image.revision="${BUILD_COMMIT}" \
      org.opencontainers.image.licenses="UNLICENSED"
# The heap a 256 MiB memory limit leaves room for (docs/operations.md, Memory): the same flags
# as the manifests, and what `npm run bench` measures.
ENV NODE_ENV=production \
    NODE_OPTIONS="--max-old-space-size=128 --max-semi-space-size=2" \
    PORT=3000 \
    HOST=0.0.0.0 \
    CONTACT_QUEUE_FILE=/app/data/contact-queue.sqlite
WORKDIR /app
# Code stays root-owned and read-only to the server: it cannot rewrite what it runs. package.json
# says the bundle is an ES module.
COPY --from=build /app/package.json ./
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
