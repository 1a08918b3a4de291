# syntax=docker/dockerfile:1
# A worker process. Build from the repository root:
#   docker build -f docker/worker.Dockerfile -t scrapper-worker .
FROM node:24-bookworm-slim AS deps
ENV PNPM_HOME=/pnpm PATH=/pnpm:$PATH CI=true
RUN corepack enable
WORKDIR /app
COPY pnpm-lock.yaml pnpm-workspace.yaml package.json ./
COPY apps/worker/package.json apps/worker/
COPY packages/contracts/package.json packages/contracts/
COPY packages/db/package.json packages/db/
COPY packages/integrations/package.json packages/integrations/
COPY tooling tooling
RUN pnpm install --frozen-lockfile --prod --filter "@scrapper/worker..."

FROM node:24-bookworm-slim AS runtime
# ffmpeg from Debian; yt-dlp from its own release channel in production (Debian's is old):
# pinned by version through pip into a virtualenv.
RUN apt-get update \
 && apt-get install -y --no-install-recommends ffmpeg python3 python3-venv ca-certificates \
 && python3 -m venv /opt/yt-dlp && /opt/yt-dlp/bin/pip install --no-cache-dir "yt-dlp==2025.10.22" \
 && ln -s /opt/yt-dlp/bin/yt-dlp /usr/local/bin/yt-dlp \
 && apt-get purge -y python3-venv && apt-get autoremove -y && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production DATA_DIR=/data
WORKDIR /app
COPY --from=deps /app/node_modules node_modules
COPY --from=deps /app/apps/worker/node_modules apps/worker/node_modules
COPY --from=deps /app/packages packages
COPY package.json ./
COPY apps/worker apps/worker
COPY packages/contracts/src packages/contracts/src
COPY packages/db/src packages/db/src
COPY packages/db/migrations packages/db/migrations
COPY packages/integrations/src packages/integrations/src
RUN mkdir -p /data && chown node:node /data
USER node
# SIGTERM lets active jobs finish (or go back to the queue) before the process exits.
STOPSIGNAL SIGTERM
CMD ["node", "--disable-warning=ExperimentalWarning", "apps/worker/src/main.ts"]
