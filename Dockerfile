# syntax=docker/dockerfile:1
# Multi-stage production image: build with all dependencies, run with production ones as a non-root user.
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
# patches/: @remix-run/router's route matching, applied by patch-package on install (docs/decisions/074)
COPY patches ./patches
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:24-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
# patches/: @remix-run/router's route matching, applied by patch-package on install (docs/decisions/074)
COPY patches ./patches
RUN npm ci --omit=dev --no-audit --no-fund

# One image, any role (README.md «Drift», docs/decisions/028-roller-og-drift.md): ROLES=web, api or sender (or a
# comma list), each checking at start what it needs (DATABASE_URL for all; OIDC_* and SESSION_SECRET for web;
# the Hub and authority keys, Altinn and the service's Maskinporten client for api; Enhetsregisteret for api and
# sender; SMTP_URL, EPOST_AVSENDER and the ePhyto Hub's HUB_URL with the NPPO's client certificate for
# sender) and refusing the development stand-ins.
# `node build/drift/db-migrer.js` is the migration step. It runs the production build of the compiled service
# (build/drift/, `npm run build`): no TypeScript sources, no tsx, no oidc-provider, and neither the development
# stand-ins nor the demo seed (build/demo/ is not copied): nothing in it can write demo data
# (docs/decisions/043-ingen-demodata-i-produksjonsbildet.md). Metrics on METRICS_PORT.
FROM node:24-bookworm-slim AS produksjon
ENV NODE_ENV=production PORT=3000 DATA_DIR=/app/data/pglite
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/build/drift ./build/drift
COPY --from=build /app/build/server ./build/server
COPY --from=build /app/build/client ./build/client
COPY package.json ./
RUN mkdir -p /app/data && chown -R node:node /app/data
USER node
EXPOSE 3000
# Alive: the process answers /healthz (readiness, /readyz, is for the load balancer and the orchestrator).
HEALTHCHECK --interval=15s --timeout=2s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM stops it gracefully (in-flight requests finish within AVSLUTNING_SEKUNDER, 20 s by default).
STOPSIGNAL SIGTERM
CMD ["node", "build/drift/server.js"]

# A demo with the development stand-ins (ID-porten for test, Altinn and Enhetsregisteret with the demo data, the
# mail catcher) and the demo seed: `docker build --target demo .`, run with DEMO_MODE=true. It runs the
# development build (build/demo/) and keeps the development dependencies (oidc-provider, and smtp-server and
# mailparser for the mail catcher) that the production image leaves out.
FROM node:24-bookworm-slim AS demo
ENV NODE_ENV=production PORT=3000 DATA_DIR=/app/data/pglite DEMO_MODE=true
WORKDIR /app
COPY --from=build /app ./
RUN mkdir -p /app/data && chown -R node:node /app/data
USER node
EXPOSE 3000
CMD ["node", "build/demo/server.js"]

# The default target is the production image.
FROM produksjon
