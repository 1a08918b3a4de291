# syntax=docker/dockerfile:1
# The API, serving the built web app. Build from the repository root:
#   docker build -f docker/api.Dockerfile -t scrapper-api .
FROM node:24-bookworm-slim AS deps
ENV PNPM_HOME=/pnpm PATH=/pnpm:$PATH CI=true
RUN corepack enable
WORKDIR /app
COPY pnpm-lock.yaml pnpm-workspace.yaml package.json ./
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY packages/contracts/package.json packages/contracts/
COPY packages/db/package.json packages/db/
COPY packages/integrations/package.json packages/integrations/
COPY packages/ui/package.json packages/ui/
COPY tooling tooling
RUN pnpm install --frozen-lockfile --filter "@scrapper/api..." --filter "@scrapper/web..."

FROM deps AS web-build
COPY packages packages
COPY apps/web apps/web
RUN pnpm --filter @scrapper/web build

FROM deps AS prod-deps
RUN pnpm install --frozen-lockfile --prod --filter "@scrapper/api..."

FROM node:24-bookworm-slim AS runtime
# JSON log lines on stdout for the container runtime (the readable console is npm start's).
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data LOG_FORMAT=json
WORKDIR /app
# Node 24 runs our TypeScript sources directly (type stripping): no compile step.
COPY --from=prod-deps /app/node_modules node_modules
COPY --from=prod-deps /app/apps/api/node_modules apps/api/node_modules
COPY --from=prod-deps /app/packages packages
COPY package.json ./
COPY apps/api apps/api
COPY packages/contracts/src packages/contracts/src
COPY packages/db/src packages/db/src
COPY packages/db/migrations packages/db/migrations
COPY packages/integrations/src packages/integrations/src
COPY --from=web-build /app/apps/web/dist apps/web/dist
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=3s CMD node -e "fetch('http://127.0.0.1:3000/api/health').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
CMD ["node", "--disable-warning=ExperimentalWarning", "apps/api/src/server.ts"]
