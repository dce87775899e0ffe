# syntax=docker/dockerfile:1
# Baan: one image for every API node (it serves the API, the server-rendered pages and the files).
#   docker build -t baan .
#   docker run -p 3000:3000 -e DATABASE_URL=… -e JWT_SECRET=… baan
# compose.yaml runs two nodes of it behind a load balancer (README, "Running several nodes").
#
# Node 22 LTS (22.22 or newer, README): Node 20 reached its end of life in April 2026.
ARG NODE_IMAGE=node:22-bookworm-slim

# 1. Everything needed to build: all dependencies, then `npm run build` (web app, then API bundle).
FROM ${NODE_IMAGE} AS build
WORKDIR /app
# npm 11, as README requires.
RUN npm install --global npm@11 --no-audit --no-fund
# The manifests first, so the dependency layer is reused until package-lock.json changes.
COPY package.json package-lock.json ./
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY packages/contract/package.json packages/contract/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# 2. Production dependencies only (no test, build or benchmark tools), plus the built files.
FROM ${NODE_IMAGE} AS runtime-files
WORKDIR /app
RUN npm install --global npm@11 --no-audit --no-fund
COPY package.json package-lock.json ./
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY packages/contract/package.json packages/contract/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/apps/api/bin apps/api/bin
COPY --from=build /app/apps/api/dist apps/api/dist
COPY --from=build /app/apps/api/drizzle apps/api/drizzle
COPY --from=build /app/apps/web/dist apps/web/dist
COPY --from=build /app/packages/contract/src packages/contract/src

# 3. The image: the files above, owned by root and read-only to the server, which runs as `node`.
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/app/data
WORKDIR /app
COPY --from=runtime-files /app /app
# DATA_DIR: PGlite and local uploads on a single node; temporary upload files and a generated
# JWT secret otherwise (set JWT_SECRET, the same on every node, when running several).
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
# Ready: the database and the job runner answer and DATA_DIR is not full (GET /api/health/ready; Redis down is only reported).
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health/ready').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# The production start command from README ("Production"); SIGTERM shuts down gracefully.
CMD ["node", "apps/api/bin/baan.js"]
