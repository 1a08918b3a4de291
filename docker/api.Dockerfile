# syntax=docker/dockerfile:1
# The API, serving the built web app on :3000. Build from the repository root:
#   docker build -f docker/api.Dockerfile -t scrapper-api .
# docker/test copies what each COPY here copies and runs the same pnpm commands offline: a file
# the install needs and no COPY brings (patches/ was one) fails that test, not your build.
FROM node:24-bookworm-slim AS base
ENV PNPM_HOME=/pnpm PATH=/pnpm:$PATH CI=true COREPACK_ENABLE_DOWNLOAD_PROMPT=0
RUN corepack enable pnpm
WORKDIR /app

# Everything `pnpm install --frozen-lockfile` reads: the lockfile, the workspace file (it names
# patches/), the manifests of the packages installed, and tooling/ (the dev configs they use).
FROM base AS manifests
COPY pnpm-lock.yaml pnpm-workspace.yaml package.json ./
COPY patches patches
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY apps/extension/package.json apps/extension/
COPY packages/contracts/package.json packages/contracts/
COPY packages/db/package.json packages/db/
COPY packages/integrations/package.json packages/integrations/
COPY packages/ui/package.json packages/ui/
COPY tooling tooling

FROM manifests AS web-deps
RUN pnpm install --frozen-lockfile --filter "@scrapper/web..."

FROM web-deps AS web-build
COPY packages/contracts packages/contracts
COPY packages/ui packages/ui
COPY apps/web apps/web
RUN pnpm --filter @scrapper/web build

# The companion browser extension GET /api/extension/package zips (issue 17).
FROM manifests AS extension-deps
RUN pnpm install --frozen-lockfile --filter "@scrapper/extension..."

FROM extension-deps AS extension-build
COPY packages/contracts packages/contracts
COPY apps/extension apps/extension
RUN pnpm --filter @scrapper/extension build

FROM manifests AS prod-deps
RUN pnpm install --frozen-lockfile --prod --filter "@scrapper/api..."

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
# The API runs ffmpeg/ffprobe (effect preview) and yt-dlp (audio search and info). ffmpeg from
# Debian; python3 for the zipapp yt-dlp (YTDLP_PATH or the arches without a standalone build).
RUN apt-get update \
 && apt-get install -y --no-install-recommends ca-certificates ffmpeg python3 \
 && rm -rf /var/lib/apt/lists/*
COPY --from=ytdlp /ytdlp/yt-dlp /usr/local/bin/yt-dlp
# JSON log lines on stdout for the container runtime (the readable console is npm start's).
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data LOG_FORMAT=json \
    COREPACK_HOME=/usr/local/share/corepack COREPACK_ENABLE_DOWNLOAD_PROMPT=0
WORKDIR /app
COPY package.json pnpm-workspace.yaml ./
# pnpm (the version package.json names) for `pnpm secrets:rotate` inside the container; fetched
# now, so running it needs no network.
RUN corepack enable pnpm && corepack install && chmod -R a+rX "$COREPACK_HOME"
ENV COREPACK_ENABLE_NETWORK=0
# Node 24 runs our TypeScript sources directly (type stripping): no compile step.
COPY --from=prod-deps /app/node_modules node_modules
COPY --from=prod-deps /app/apps/api/node_modules apps/api/node_modules
COPY --from=prod-deps /app/packages packages
COPY apps/api/package.json apps/api/
COPY apps/api/src apps/api/src
COPY packages/contracts/src packages/contracts/src
COPY packages/db/src packages/db/src
COPY packages/db/migrations packages/db/migrations
COPY packages/integrations/src packages/integrations/src
COPY --from=web-build /app/apps/web/dist apps/web/dist
COPY --from=extension-build /app/apps/extension/dist apps/extension/dist
# DATA_DIR must stay writable: the managed yt-dlp (DATA_DIR/tools), previews, local storage.
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=3s CMD node -e "fetch('http://127.0.0.1:3000/api/health').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
CMD ["node", "--disable-warning=ExperimentalWarning", "apps/api/src/server.ts"]
