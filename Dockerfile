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
# DATABASE_URL, IMPORT_API_URL and OIDC_* at run time, or DEMO_MODE=true for a demo (README.md "Docker").
FROM node:20-bookworm-slim
ENV NODE_ENV=production PORT=3000 DATA_DIR=/app/data/pglite
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY package.json server.ts config.ts security-headers.ts ./
COPY api ./api
COPY app ./app
COPY db ./db
COPY dev ./dev
COPY domain ./domain
RUN mkdir -p /app/data && chown -R node:node /app/data
USER node
EXPOSE 3000
CMD ["node", "--import", "tsx", "server.ts"]
