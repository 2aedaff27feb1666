# Wellness Data Service as a container: the compiled single binary on a slim Debian base, run as a
# non-root user, with its embedded database and blobs on the /data volume.
# Build: docker build -t wellness-data-service .
# Run:   docker run -p 3000:3000 -v wds-data:/data \
#          -e SMTP_URL=smtp://user:pass@mail.example.com:587 -e PUBLIC_BASE_URL=https://health.example.com \
#          wellness-data-service

# 1. Build the binary (libsql's native addon is for glibc, so both stages are Debian).
FROM oven/bun:1.4.5-debian AS build
WORKDIR /src
COPY package.json bun.lock ./
RUN bun install --frozen-lockfile
COPY . .
RUN bun run build

# 2. Run it: only the binary, no Bun, no node_modules, no sources.
FROM debian:bookworm-slim
# libisal2 and libdeflate0: the genetics reader inflates BGZF blocks through ISA-L when present (bun:ffi;
# about a fifth faster than libdeflate, which in turn takes a sixth less CPU than Bun's own gunzip), else
# through libdeflate, else Bun's.
RUN apt-get update && apt-get install -y --no-install-recommends libisal2 libdeflate0 && rm -rf /var/lib/apt/lists/*
RUN useradd --system --uid 10001 --user-group --home-dir /data --no-create-home wds \
  && mkdir -p /data && chown wds:wds /data
COPY --from=build /src/dist/wellness-data-service /usr/local/bin/wellness-data-service
# Production by default (needs SMTP_URL and PUBLIC_BASE_URL); listen on every interface of the container.
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data
USER wds
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD ["wellness-data-service", "healthcheck"]
ENTRYPOINT ["wellness-data-service"]
