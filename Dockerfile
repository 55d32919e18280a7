# The service's image. BASE is what it runs on: by default the image Containerfile.base builds from Debian's packages
# (no registry needed); the official image works as well:
#   podman build --build-arg BASE=docker.io/library/node:24-bookworm-slim -t ayuda-directa .
# SQLite lives in the /data volume; set DATABASE_URL=postgres://… to use PostgreSQL instead.
ARG BASE=localhost/ayuda-directa-base:bookworm

FROM ${BASE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

FROM ${BASE}
# Backups of a PostgreSQL database use pg_dump: the default base has it, the official one gets it here.
RUN command -v pg_dump >/dev/null || (apt-get update \
    && apt-get install -y --no-install-recommends postgresql-client \
    && rm -rf /var/lib/apt/lists/*)
RUN useradd --uid 10001 --user-group --no-create-home --home-dir /app --shell /usr/sbin/nologin ayuda \
    && mkdir -p /data && chown ayuda:ayuda /data
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY package.json ./
COPY bin ./bin
COPY src ./src
ENV NODE_ENV=production DATABASE_URL=/data/ayuda.db PORT=3000 HOST=0.0.0.0
USER ayuda
VOLUME ["/data"]
EXPOSE 3000
# Ready once the database answers and the search index is built; a large database takes a while to index.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
    CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/readyz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
STOPSIGNAL SIGTERM
CMD ["node", "--max-semi-space-size=4", "--heap-growing-percent=30", "bin/ayuda.js", "serve"]
