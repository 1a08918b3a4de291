# syntax=docker/dockerfile:1
# A worker process. Build from the repository root:
#   docker build -f docker/worker.Dockerfile -t scrapper-worker .
# docker/test copies what each COPY here copies and runs the same pnpm commands offline.
FROM node:24-bookworm-slim AS base
ENV PNPM_HOME=/pnpm PATH=/pnpm:$PATH CI=true COREPACK_ENABLE_DOWNLOAD_PROMPT=0
RUN corepack enable pnpm
WORKDIR /app

# Everything `pnpm install --frozen-lockfile` reads (see api.Dockerfile).
FROM base AS prod-deps
COPY pnpm-lock.yaml pnpm-workspace.yaml package.json ./
COPY patches patches
COPY apps/worker/package.json apps/worker/
COPY packages/contracts/package.json packages/contracts/
COPY packages/db/package.json packages/db/
COPY packages/integrations/package.json packages/integrations/
COPY tooling tooling
RUN pnpm install --frozen-lockfile --prod --filter "@scrapper/worker..."

# yt-dlp for the image's PATH (see docker/README.md, "Where yt-dlp comes from").
FROM node:24-bookworm-slim AS ytdlp
ARG YTDLP_VERSION=latest
ARG YTDLP_SHA256=
ARG YTDLP_RELEASE_URL=
ARG TARGETARCH
RUN apt-get update \
 && apt-get install -y --no-install-recommends ca-certificates curl python3 \
 && rm -rf /var/lib/apt/lists/*
COPY docker/install-yt-dlp.sh /usr/local/bin/install-yt-dlp.sh
RUN install-yt-dlp.sh /ytdlp/yt-dlp

FROM node:24-bookworm-slim AS runtime
# ffmpeg and ffprobe from Debian; python3 for the zipapp yt-dlp (YTDLP_PATH or the arches
# without a standalone build).
RUN apt-get update \
 && apt-get install -y --no-install-recommends ca-certificates ffmpeg python3 \
 && rm -rf /var/lib/apt/lists/*
COPY --from=ytdlp /ytdlp/yt-dlp /usr/local/bin/yt-dlp
# JSON log lines on stdout for the container runtime (the readable console is npm start's).
ENV NODE_ENV=production DATA_DIR=/data LOG_FORMAT=json
WORKDIR /app
COPY --from=prod-deps /app/node_modules node_modules
COPY --from=prod-deps /app/apps/worker/node_modules apps/worker/node_modules
COPY --from=prod-deps /app/packages packages
COPY package.json ./
COPY apps/worker/package.json apps/worker/
COPY apps/worker/src apps/worker/src
COPY packages/contracts/src packages/contracts/src
COPY packages/db/src packages/db/src
COPY packages/db/migrations packages/db/migrations
COPY packages/integrations/src packages/integrations/src
# DATA_DIR must stay writable by the worker: the managed yt-dlp lives in DATA_DIR/tools.
RUN mkdir -p /data && chown node:node /data
USER node
# SIGTERM lets active jobs finish (or go back to the queue) before the process exits.
STOPSIGNAL SIGTERM
CMD ["node", "--disable-warning=ExperimentalWarning", "apps/worker/src/main.ts"]
