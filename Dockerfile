# syntax=docker/dockerfile:1
# Multi-stage production image: build with all dependencies, run with production ones as a non-root user.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:20-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund

# Production refuses the development stand-ins and well-known secrets: set APP_URL (https), SESSION_SECRET,
# DATABASE_URL, IMPORT_API_URL, OIDC_* and SMTP_URL at run time (README.md "Docker"). It runs the compiled
# service (build/drift/, `npm run build`): no TypeScript sources, no tsx, no oidc-provider, no dev/.
FROM node:20-bookworm-slim AS produksjon
ENV NODE_ENV=production PORT=3000 DATA_DIR=/app/data/pglite
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY package.json ./
RUN mkdir -p /app/data && chown -R node:node /app/data
USER node
EXPOSE 3000
CMD ["node", "build/drift/server.js"]

# A demo with the development stand-ins (ID-porten for test, the embedded import API with demo data, the
# mail catcher): `docker build --target demo .`, run with DEMO_MODE=true. It keeps the development
# dependencies (oidc-provider, and smtp-server and mailparser for the mail catcher) that the production image
# leaves out.
FROM node:20-bookworm-slim AS demo
ENV NODE_ENV=production PORT=3000 DATA_DIR=/app/data/pglite DEMO_MODE=true
WORKDIR /app
COPY --from=build /app ./
RUN mkdir -p /app/data && chown -R node:node /app/data
USER node
EXPOSE 3000
CMD ["node", "build/drift/server.js"]

# The default target is the production image.
FROM produksjon
